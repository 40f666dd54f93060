// 咨询客服 on the goods detail and an order: opens the shell's chat with this goods or order ready
// to send as a card (CHAT_OPEN_EVENT). Only members whose company has the chat (is_can_chat).
import { useQuery } from '@tanstack/react-query';
import { userBaseQuery } from '../../api/user';
import { buttonClass } from '../../ui/button';
import { CHAT_OPEN_EVENT, type ChatOpenDetail } from '../../domain/chat';

export function AskServiceButton({ about }: { about: ChatOpenDetail }) {
  const canChat = useQuery({
    ...userBaseQuery(),
    select: (u) => u.is_can_chat === 1,
    refetchOnMount: false,
    retryOnMount: false,
  }).data;
  if (!canChat) return null;
  return (
    <button
      type="button"
      className={buttonClass('outline', { size: 'sm' })}
      onClick={() => window.dispatchEvent(new CustomEvent(CHAT_OPEN_EVENT, { detail: about }))}
    >
      咨询客服
    </button>
  );
}
