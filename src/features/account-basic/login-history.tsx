// 登录记录: the account's recent sign-ins (GET /api/user/login_log) with time, client address and
// device, newest first.
import { useQuery } from '@tanstack/react-query';
import { loginLogQuery } from '../../api/account';
import { formatDateTime } from '../../domain/time';
import { DataTable } from '../../ui/data-table';
import { StateBlock } from '../../ui/state-block';
import { buttonClass } from '../../ui/button';
import { clientName } from './client-name';
import styles from './basic-page.module.css';

const METHOD_LABELS = { password: '密码登录', register: '注册后登录' } as const;

export function LoginHistory() {
  const log = useQuery(loginLogQuery());
  return (
    <section aria-labelledby="basic-history-title" className={styles.form}>
      <h2 id="basic-history-title" className={styles.sectionTitle}>
        登录记录 <span className={styles.hint}>最近20次</span>
      </h2>
      {log.data ? (
        log.data.length === 0 ? (
          <StateBlock kind="empty" text="暂无登录记录" />
        ) : (
          <DataTable columns={['登录时间', 'IP地址', '设备', '方式']} busy={log.isFetching}>
            {log.data.map((e, i) => (
              <tr key={`${e.time}-${i}`}>
                <td>{formatDateTime(Date.parse(e.time), 'seconds')}</td>
                <td>{e.ip || '—'}</td>
                <td title={e.user_agent}>{clientName(e.user_agent)}</td>
                <td>{METHOD_LABELS[e.method]}</td>
              </tr>
            ))}
          </DataTable>
        )
      ) : log.isError ? (
        <StateBlock
          kind="failed"
          text="登录记录加载失败"
          action={
            <button type="button" className={buttonClass('secondary')} onClick={() => void log.refetch()}>
              重新加载
            </button>
          }
        />
      ) : (
        <StateBlock kind="loading" text="加载中…" />
      )}
    </section>
  );
}
