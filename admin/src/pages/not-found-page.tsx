import { Link } from '@tanstack/react-router';
import { StateBlock } from '@ui/state-block.tsx';

export function NotFoundPage() {
  return (
    <StateBlock
      kind="empty"
      title="页面不存在"
      text="地址有误，或该页面已移除。"
      action={<Link to="/">返回工作台</Link>}
    />
  );
}
