// 对接凭证 (admin only, issue 34): the ERP's integration clients — scopes, last use, the secret
// shown once on creation and rotation, revocation, and each client's latest calls.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  afterIntegrationChange,
  integrationCallsQuery,
  integrationClientListQuery,
  revokeIntegrationClient,
} from '../../api/integration-clients.ts';
import { meQuery } from '../../api/session.ts';
import { ConsoleApiError } from '../../api/client.ts';
import { Dialog, DialogActions, DialogClose } from '@ui/dialog.tsx';
import { StateBlock } from '@ui/state-block.tsx';
import { DataTable } from '@ui/data-table.tsx';
import { buttonClass } from '@ui/button.ts';
import { formatDateTime } from '@domain/time.ts';
import { mayOpen } from '@domain/operator-roles.ts';
import {
  INTEGRATION_SCOPE_LABELS,
  type IntegrationClientView,
  type IntegrationCredentials,
} from '@domain/integration.ts';
import { AlertLine } from '../../widgets/alert-line.tsx';
import { ConsolePage } from '../../widgets/console-page.tsx';
import { NewClientDialog } from './new-client-dialog.tsx';
import { RotateDialog } from './rotate-dialog.tsx';
import styles from './integration-clients-page.module.css';

function SecretDialog({ credentials, onClose }: { credentials: IntegrationCredentials; onClose: () => void }) {
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`对接凭证：${credentials.client.name}`}
      closeLabel="关闭"
    >
      <div className={styles.secretBox}>
        <p>请立即把密钥交给ERP对接人员保存。关闭后无法再次查看，遗失只能轮换密钥。</p>
        <p>密钥ID（X-Key-Id）</p>
        <code className={styles.secret}>{credentials.key_id}</code>
        <p>密钥</p>
        <code className={styles.secret}>{credentials.secret}</code>
      </div>
      <DialogActions>
        <DialogClose className={buttonClass('primary')}>我已保存</DialogClose>
      </DialogActions>
    </Dialog>
  );
}

function CallsDialog({ client, onClose }: { client: IntegrationClientView; onClose: () => void }) {
  const calls = useQuery(integrationCallsQuery(client.id));
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`最近调用：${client.name}`}
      closeLabel="关闭"
      widthPx={880}
    >
      {calls.isError && <StateBlock kind="failed" text={calls.error.message} />}
      {!calls.data && !calls.isError && <StateBlock kind="loading" text="正在加载…" />}
      {calls.data && calls.data.length === 0 && (
        <StateBlock kind="empty" title="暂无调用" text="该凭证还没有调用记录。" />
      )}
      {calls.data && calls.data.length > 0 && (
        <DataTable caption="最近调用" columns={['时间', '接口', '状态', '原因', '结果', '请求编号']}>
          {calls.data.map((r) => (
            <tr key={r.id}>
              <td>{formatDateTime(r.created_at)}</td>
              <td>{r.route}</td>
              <td className={r.status >= 400 ? styles.stopped : undefined}>{r.status}</td>
              <td>{r.reason}</td>
              <td>{r.result ? JSON.stringify(r.result) : ''}</td>
              <td>{r.request_id}</td>
            </tr>
          ))}
        </DataTable>
      )}
      <DialogActions>
        <DialogClose className={buttonClass('outline')}>关闭</DialogClose>
      </DialogActions>
    </Dialog>
  );
}

export function IntegrationClientsPage() {
  const { data: me } = useQuery(meQuery);
  const allowed = me ? mayOpen(me.role, 'integrationClients') : false;
  const list = useQuery({ ...integrationClientListQuery, enabled: allowed });
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [rotating, setRotating] = useState<IntegrationClientView | null>(null);
  const [viewing, setViewing] = useState<IntegrationClientView | null>(null);
  const [shown, setShown] = useState<IntegrationCredentials | null>(null);
  const [message, setMessage] = useState('');

  if (!allowed) return <StateBlock kind="empty" title="无权访问" text="只有管理员可以管理对接凭证。" />;
  if (list.isError) return <StateBlock kind="failed" text={list.error.message} />;
  if (!list.data) return <StateBlock kind="loading" text="正在加载对接凭证…" />;

  const revoke = async (c: IntegrationClientView) => {
    if (!window.confirm(`停用“${c.name}”后，ERP使用该凭证的所有请求将立即被拒绝，且不能恢复。确定停用？`)) return;
    setMessage('');
    try {
      await revokeIntegrationClient(c.id);
      await afterIntegrationChange(queryClient);
    } catch (e) {
      setMessage(e instanceof ConsoleApiError ? e.message : '操作失败，请稍后重试');
    }
  };

  return (
    <ConsolePage
      title="对接凭证"
      titleId="integration-clients-title"
      actions={
        <button type="button" className={buttonClass('primary')} onClick={() => setCreating(true)}>
          新建对接凭证
        </button>
      }
    >
      <AlertLine message={message} />
      {list.data.length === 0 ? (
        <StateBlock
          kind="empty"
          title="还没有对接凭证"
          text="为ERP新建一个对接凭证，把密钥ID和密钥交给对接人员；接口说明（OpenAPI 3.1）在本站的 /api/integration/v1/openapi.json。"
        />
      ) : (
        <DataTable caption="对接凭证" columns={['名称', '密钥ID', '权限', '状态', '最近使用', '创建时间', '操作']}>
          {list.data.map((c) => (
            <tr key={c.id}>
              <td>{c.name}</td>
              <td>
                <code>{c.key_id}</code>
              </td>
              <td>
                <span className={styles.scopes}>
                  {c.scopes.map((s) => (
                    <span key={s} className={styles.scope} title={s}>
                      {INTEGRATION_SCOPE_LABELS[s]}
                    </span>
                  ))}
                </span>
              </td>
              <td className={c.revoked_at ? styles.stopped : undefined}>
                {c.revoked_at
                  ? `已停用（${formatDateTime(c.revoked_at)}）`
                  : c.previous_secret_expires_at
                    ? `正常；旧密钥有效至 ${formatDateTime(c.previous_secret_expires_at)}`
                    : '正常'}
              </td>
              <td>{c.last_used_at ? formatDateTime(c.last_used_at) : '从未使用'}</td>
              <td>{formatDateTime(c.created_at)}</td>
              <td className={styles.actions}>
                <button type="button" className={buttonClass('link')} onClick={() => setViewing(c)}>
                  调用记录
                </button>
                {!c.revoked_at && (
                  <>
                    <button
                      type="button"
                      className={buttonClass('outline', { size: 'sm' })}
                      onClick={() => setRotating(c)}
                    >
                      轮换密钥
                    </button>
                    <button type="button" className={buttonClass('link')} onClick={() => void revoke(c)}>
                      停用
                    </button>
                  </>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {creating && (
        <NewClientDialog
          onClose={() => setCreating(false)}
          onCreated={(made) => {
            setCreating(false);
            setShown(made);
          }}
        />
      )}
      {rotating && (
        <RotateDialog
          client={rotating}
          onClose={() => setRotating(null)}
          onRotated={(made) => {
            setRotating(null);
            setShown(made);
          }}
        />
      )}
      {shown && <SecretDialog credentials={shown} onClose={() => setShown(null)} />}
      {viewing && <CallsDialog client={viewing} onClose={() => setViewing(null)} />}
    </ConsolePage>
  );
}
