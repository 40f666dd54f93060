// 工作台's announcement of the money settings changed in the last 7 days (GET /api/admin/dashboard
// `money_settings_changes`), shown to every operator: whoever confirms transfers or answers buyers
// learns at once that the account buyers pay into has changed, and a change nobody expected is
// noticed (docs/decisions/money-settings.md).
import { formatDateTime } from '@domain/time.ts';
import { MONEY_SETTING_LABELS, type MoneySettingsChange, type SiteSettings } from '@domain/admin-content.ts';
import styles from './dashboard-page.module.css';

const accountText = (a: SiteSettings['transfer_account'] | undefined): string =>
  a ? `${a.account_name}，${a.bank}，${a.account_no}` : '恢复使用服务器环境变量中的账户';

const windowText = (w: SiteSettings['payment_window'] | null | undefined): string => (w ? `${w.minutes}分钟` : '默认');

function describe(change: MoneySettingsChange, key: MoneySettingsChange['changed'][number]): string {
  if (key === 'transfer_account')
    return `${MONEY_SETTING_LABELS[key]}改为：${accountText(change.after.transfer_account)}`;
  return `${MONEY_SETTING_LABELS[key]}：${windowText(change.before.payment_window)} → ${windowText(change.after.payment_window)}`;
}

export function MoneySettingsNotice({ changes }: { changes: MoneySettingsChange[] }) {
  if (changes.length === 0) return null;
  return (
    <section aria-labelledby="money-settings-notice" className={styles.notice}>
      <h2 id="money-settings-notice" className={styles.panelTitle}>
        资金设置变更公告
      </h2>
      <ul className={styles.noticeList}>
        {changes.map((c) => (
          <li key={c.id}>
            <span className={styles.muted}>{formatDateTime(c.at)}</span> {c.by} 修改了资金设置：
            {c.changed.map((k) => describe(c, k)).join('；')}
          </li>
        ))}
      </ul>
      <p className={styles.muted}>如非预期的修改，请立即联系管理员核实（操作日志可查修改前后的内容）。</p>
    </section>
  );
}
