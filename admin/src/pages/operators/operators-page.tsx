// 运营账号 (admin only): who can sign in to the console, with which role, and whether a second
// factor is required. Requiring TOTP shows the QR code once, for the operator to scan.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  afterOperatorChange,
  operatorListQuery,
  requireTotp,
  resetTotp,
  saveOperatorSettings,
  type OperatorListRow,
} from '../../api/operators.ts';
import { meQuery } from '../../api/session.ts';
import { ConsoleApiError } from '../../api/client.ts';
import { Dialog, DialogActions, DialogClose } from '@ui/dialog.tsx';
import { StateBlock } from '@ui/state-block.tsx';
import { DataTable } from '@ui/data-table.tsx';
import { buttonClass } from '@ui/button.ts';
import { formatDateTime } from '@domain/time.ts';
import { mayOpen, OPERATOR_ROLE_LABELS, OPERATOR_ROLES, type OperatorRole } from '@domain/operator-roles.ts';
import { AlertLine } from '../../widgets/alert-line.tsx';
import { ConsolePage } from '../../widgets/console-page.tsx';
import styles from './operators-page.module.css';
import { NewOperatorDialog } from './new-operator-dialog.tsx';

interface Enrolment {
  operator: OperatorListRow;
  qr: string;
  secret: string;
}

export function OperatorsPage() {
  const { data: me } = useQuery(meQuery);
  const allowed = me ? mayOpen(me.role, 'operators') : false;
  const list = useQuery({ ...operatorListQuery, enabled: allowed });
  const queryClient = useQueryClient();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [message, setMessage] = useState('');
  const [creating, setCreating] = useState(false);

  if (!allowed) return <StateBlock kind="empty" title="无权访问" text="只有管理员可以管理运营账号。" />;
  if (list.isError) return <StateBlock kind="failed" text={list.error.message} />;
  if (!list.data) return <StateBlock kind="loading" text="正在加载运营账号…" />;

  const act = async (fn: () => Promise<void>) => {
    setMessage('');
    try {
      await fn();
      await afterOperatorChange(queryClient);
    } catch (e) {
      setMessage(e instanceof ConsoleApiError ? e.message : '操作失败，请稍后重试');
    }
  };

  return (
    <ConsolePage
      title="运营账号"
      titleId="operators-title"
      actions={
        <button type="button" className={buttonClass('primary')} onClick={() => setCreating(true)}>
          新建账号
        </button>
      }
    >
      <AlertLine message={message} />
      <DataTable
        caption="运营账号"
        columns={['账号', '姓名', '角色', '状态', '手机', '动态验证码', '最近登录', '操作']}
      >
        {list.data.map((o) => (
          <tr key={o.id}>
            <td>{o.username}</td>
            <td>{o.name}</td>
            <td>
              {o.id === me?.id ? (
                OPERATOR_ROLE_LABELS[o.role]
              ) : (
                <select
                  aria-label={`${o.name}的角色`}
                  className={styles.roleSelect}
                  value={o.role}
                  onChange={(e) =>
                    void act(() =>
                      saveOperatorSettings(o.id, { role: e.target.value as OperatorRole, disabled: o.disabled }).then(
                        () => undefined,
                      ),
                    )
                  }
                >
                  {OPERATOR_ROLES.map((r) => (
                    <option key={r} value={r}>
                      {OPERATOR_ROLE_LABELS[r]}
                    </option>
                  ))}
                </select>
              )}
            </td>
            <td className={o.disabled ? styles.stopped : undefined}>{o.disabled ? '已停用' : '正常'}</td>
            <td>{o.phone}</td>
            <td>{o.totp_enabled ? '已启用' : '未启用'}</td>
            <td>{formatDateTime(o.last_login_at)}</td>
            <td className={styles.actions}>
              <button
                type="button"
                className={buttonClass('outline', { size: 'sm' })}
                onClick={() =>
                  void act(async () => {
                    const r = await requireTotp(o.id);
                    setEnrolment({ operator: o, qr: r.qr_data_url, secret: r.secret });
                  })
                }
              >
                {o.totp_enabled ? '重新绑定' : '要求动态验证码'}
              </button>
              {o.totp_enabled && (
                <button
                  type="button"
                  className={buttonClass('link')}
                  onClick={() => void act(() => resetTotp(o.id).then(() => undefined))}
                >
                  重置
                </button>
              )}
              {o.id !== me?.id && (
                <button
                  type="button"
                  className={buttonClass('link')}
                  onClick={() =>
                    void act(() =>
                      saveOperatorSettings(o.id, { role: o.role, disabled: !o.disabled }).then(() => undefined),
                    )
                  }
                >
                  {o.disabled ? '启用' : '停用'}
                </button>
              )}
            </td>
          </tr>
        ))}
      </DataTable>
      {creating && <NewOperatorDialog onClose={() => setCreating(false)} />}
      {enrolment && (
        <Dialog
          open
          onOpenChange={(open) => !open && setEnrolment(null)}
          title={`绑定动态验证码：${enrolment.operator.name}`}
          closeLabel="关闭"
        >
          <div className={styles.enrol}>
            <p>请 {enrolment.operator.name} 用身份验证器应用扫描二维码。此二维码只显示这一次，其现有登录已退出。</p>
            <img src={enrolment.qr} alt="动态验证码绑定二维码" width={220} height={220} />
            <p className={styles.secret}>
              无法扫码时手动输入密钥：<code>{enrolment.secret}</code>
            </p>
          </div>
          <DialogActions>
            <DialogClose className={buttonClass('primary')}>完成</DialogClose>
          </DialogActions>
        </Dialog>
      )}
    </ConsolePage>
  );
}
