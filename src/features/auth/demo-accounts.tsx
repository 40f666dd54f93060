// The login page's demo-accounts panel: only the demo shop has these accounts, so the panel shows
// only when the server says it is the demo (GET /api/global/shop_mode `demo`, false with
// NODE_ENV=production). Asked at run time, not baked into the build, so one build serves both;
// it stays hidden until the answer is known, so a shop never flashes it
// (docs/decisions/production-mode.md).
import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { shopModeQuery } from '../../api/common';
import styles from './login-page.module.css';

export const DEMO_PASSWORD = 'demo1234';
export const DEMO_ACCOUNTS = [
  { username: 'demo', note: '已审核药店：可下单，开通在线客服、钱包与电子合同' },
  { username: 'pending', note: '资质待审核：可浏览，价格与下单受限' },
  { username: 'chain', note: '连锁总部：管理门店 chain-a、chain-b' },
  { username: 'nocontract', note: '未签电子合同：结算时提示签约' },
  { username: 'clinic', note: '诊所：经营范围不含中药饮片，此类商品不可购买' },
  { username: 'expired', note: '药品经营许可证已过期：更新资质前不能下单' },
] as const;

export function DemoAccounts({ onPick }: { onPick: (username: string, password: string) => void }) {
  const id = useId();
  const demo = useQuery(shopModeQuery()).data?.demo === true;
  if (!demo) return null;
  return (
    <section className={styles.demo} aria-labelledby={`${id}-demo`}>
      <h2 id={`${id}-demo`} className={styles.demoTitle}>
        演示账号（密码均为 {DEMO_PASSWORD}）
      </h2>
      <ul className={styles.demoList}>
        {DEMO_ACCOUNTS.map((a) => (
          <li key={a.username} className={styles.demoItem}>
            <button
              type="button"
              className={styles.demoFill}
              aria-label={`填入演示账号 ${a.username}`}
              onClick={() => onPick(a.username, DEMO_PASSWORD)}
            >
              {a.username}
            </button>
            <span className={styles.demoNote}>{a.note}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
