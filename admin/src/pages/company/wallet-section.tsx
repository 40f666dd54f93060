// 钱包 on the company page (财务, 管理员): balance and points, the last balance ledger rows (an
// adjustment's reason is its remark, as the buyer reads it in /yegl), the coupons and vouchers
// held, and the two actions: 调整余额 and 发放优惠券/现金券.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { companyWalletQuery } from '../../api/wallet.ts';
import { DataTable } from '@ui/data-table.tsx';
import { StateBlock } from '@ui/state-block.tsx';
import { buttonClass } from '@ui/button.ts';
import { formatPrice } from '@domain/money.ts';
import { formatDate, formatDateTime } from '@domain/time.ts';
import { COUPON_KIND_TEXT, ledgerTypeText } from '@domain/wallet.ts';
import type { AdminHeldCoupon } from '@domain/admin-wallet.ts';
import { AdjustBalanceDialog } from './adjust-balance-dialog.tsx';
import { GrantDialog } from './grant-dialog.tsx';
import panel from '../../widgets/panel.module.css';
import styles from './wallet-section.module.css';

const STATE_TEXT: Record<AdminHeldCoupon['state'], string> = { unused: '可使用', used: '已使用', expired: '已过期' };

export function WalletSection({ companyId, companyName }: { companyId: number; companyName: string }) {
  const wallet = useQuery(companyWalletQuery(companyId));
  const [open, setOpen] = useState<'adjust' | 'grant' | null>(null);
  const w = wallet.data;
  return (
    <section aria-labelledby="wallet-title" className={panel.panel}>
      <div className={styles.panelHead}>
        <h2 id="wallet-title" className={panel.title}>
          钱包
        </h2>
        {w && (
          <span className={styles.panelActions}>
            <button type="button" className={buttonClass('primary', { size: 'sm' })} onClick={() => setOpen('adjust')}>
              调整余额
            </button>
            <button type="button" className={buttonClass('outline', { size: 'sm' })} onClick={() => setOpen('grant')}>
              发放优惠券/现金券
            </button>
          </span>
        )}
      </div>
      {wallet.isError ? (
        <StateBlock kind="failed" text={wallet.error.message} />
      ) : !w ? (
        <StateBlock kind="loading" text="正在加载钱包…" />
      ) : (
        <>
          <dl className={styles.figures}>
            <div>
              <dt>账户余额</dt>
              <dd data-testid="wallet-balance">{formatPrice(w.balance)}</dd>
            </div>
            <div>
              <dt>积分</dt>
              <dd>{w.points}</dd>
            </div>
          </dl>
          <h3 className={styles.subTitle}>最近余额明细</h3>
          {w.ledger.length === 0 ? (
            <p className={styles.muted}>暂无余额明细</p>
          ) : (
            <DataTable
              caption="最近余额明细"
              columns={['时间', '类型', '金额', '变动后余额', '说明']}
              busy={wallet.isFetching}
            >
              {w.ledger.map((r) => (
                <tr key={r.id}>
                  <td>{formatDateTime(r.created_at)}</td>
                  <td>{ledgerTypeText('balance', r.use_type)}</td>
                  <td className={r.amount > 0 ? styles.credit : styles.debit}>
                    {r.amount > 0 ? `+${formatPrice(r.amount)}` : `-${formatPrice(-r.amount)}`}
                  </td>
                  <td>{formatPrice(r.balance_after)}</td>
                  <td>{r.remark || '—'}</td>
                </tr>
              ))}
            </DataTable>
          )}
          <h3 className={styles.subTitle}>优惠券与现金券</h3>
          {w.coupons.length === 0 ? (
            <p className={styles.muted}>暂无优惠券或现金券</p>
          ) : (
            <DataTable caption="优惠券与现金券" columns={['类型', '名称', '面额', '状态', '领取时间', '有效期至']}>
              {w.coupons.map((c) => (
                <tr key={c.id}>
                  <td>{COUPON_KIND_TEXT[c.kind]}</td>
                  <td>{c.name}</td>
                  <td>{formatPrice(c.amount)}</td>
                  <td>{STATE_TEXT[c.state]}</td>
                  <td>{formatDate(c.received_at)}</td>
                  <td>{formatDate(c.expires_at)}</td>
                </tr>
              ))}
            </DataTable>
          )}
        </>
      )}
      {open === 'adjust' && w && (
        <AdjustBalanceDialog
          companyId={companyId}
          companyName={companyName}
          balance={w.balance}
          onClose={() => setOpen(null)}
        />
      )}
      {open === 'grant' && (
        <GrantDialog companyId={companyId} companyName={companyName} onClose={() => setOpen(null)} />
      )}
    </section>
  );
}
