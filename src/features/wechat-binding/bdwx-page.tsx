// /bdwx 绑定微信 (SPEC §2, account centre): bound → the WeChat nickname and 解除绑定
// (DELETE /api/user/unbind_wechat); not bound → WeChat sign-in: with real WeChat the browser goes to
// WeChat's QR page and comes back here with `?ticket=` (bound) or `?wechat_error=`; in the demo's
// stand-in a one-time QR code (5 minutes) opens our confirmation page (/wechat/confirm). Either way
// this page learns the binding from its ticket. Where the shop offers no WeChat (production
// without WeChat settings) it says so instead.
import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountKeys, deleteWechatBinding, getBindTicket, postBindTicket } from '../../api/account';
import { userBaseQuery, userKeys } from '../../api/user';
import { QrImage } from '../../widgets/account-form/qr-image';
import { useTicket } from '../../widgets/account-form/use-ticket';
import { PageFrame } from '../../ui/page-frame';
import { PageHeader } from '../../ui/page-header';
import { StateBlock } from '../../ui/state-block';
import { alert } from '../../ui/alert-dialog';
import { toast } from '../../ui/toast';
import { buttonClass } from '../../ui/button';
import { isApiError } from '../../http/client';
import { useWechatOffered } from '../../widgets/account-form/wechat-offered';
import styles from './wechat-binding.module.css';

export const UNBIND_CONFIRM = '解除绑定后将无法通过微信接收订单通知，确定解除吗？';

export default function BdwxPage() {
  const offered = useWechatOffered();
  if (offered !== true) {
    return (
      <PageFrame aria-labelledby="bdwx-title">
        <PageHeader titleId="bdwx-title" title="绑定微信" />
        <StateBlock
          kind={offered === false ? 'empty' : 'loading'}
          text={offered === false ? '本站暂未开通微信绑定' : '加载中…'}
        />
      </PageFrame>
    );
  }
  return <WechatBinding />;
}

/** Binding and unbinding; asks for a QR ticket as soon as it is shown. */
function WechatBinding() {
  const queryClient = useQueryClient();
  const user = useQuery(userBaseQuery());
  const ticket = useTicket(accountKeys.bindTicket, postBindTicket, getBindTicket);
  const unbind = useMutation({
    mutationFn: deleteWechatBinding,
    onSuccess: () => {
      toast.show({ message: '已解除微信绑定', tone: 'success' });
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
  });

  const done = ticket.state?.status === 'done';
  useEffect(() => {
    if (done) {
      toast.show({ message: '微信绑定成功', tone: 'success' });
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
    }
  }, [done, queryClient]);

  const wechat = user.data?.wechat ?? '';
  const expired = ticket.state?.status === 'expired';

  return (
    <PageFrame aria-labelledby="bdwx-title">
      <PageHeader titleId="bdwx-title" title="绑定微信" />
      <div className={styles.body}>
        {!user.data ? (
          <StateBlock kind={user.isError ? 'failed' : 'loading'} text={user.isError ? '账户信息加载失败' : '加载中…'} />
        ) : wechat !== '' ? (
          <div className={styles.bound}>
            <p className={styles.state}>
              已绑定微信：<b data-testid="wechat-nickname">{wechat}</b>
            </p>
            <p className={styles.text}>可通过微信接收订单、物流和审核通知。</p>
            <button
              type="button"
              className={buttonClass('outline')}
              disabled={unbind.isPending}
              onClick={() =>
                void alert.open({
                  message: UNBIND_CONFIRM,
                  actions: [{ label: '取消' }, { label: '解除绑定', onClick: () => unbind.mutate() }],
                })
              }
            >
              解除绑定
            </button>
          </div>
        ) : (
          <div className={styles.unbound}>
            <p className={styles.state}>尚未绑定微信</p>
            <p className={styles.text}>
              绑定后可通过微信接收订单、物流和审核通知。请使用微信扫描二维码并在手机上确认。
            </p>
            {ticket.issued && !ticket.issued.redirect && !expired && !done ? (
              <figure className={styles.qr}>
                <QrImage text={ticket.qrText} label="绑定微信二维码" />
                <figcaption className={styles.text}>
                  请使用微信扫一扫，二维码5分钟内有效
                  <br />
                  <a href={ticket.qrText} target="_blank" rel="noopener" className={styles.link}>
                    没有手机？在本机打开确认页
                  </a>
                </figcaption>
              </figure>
            ) : (
              <>
                {expired && <p className={styles.error}>二维码已过期，请重新获取</p>}
                {ticket.returnError !== '' && <p className={styles.error}>{ticket.returnError}</p>}
                {isApiError(ticket.issueError) && <p className={styles.error}>{ticket.issueError.msg}</p>}
                <button
                  type="button"
                  className={buttonClass('primary')}
                  disabled={ticket.issuing}
                  onClick={ticket.issue}
                >
                  {expired ? '刷新二维码' : '获取绑定二维码'}
                </button>
              </>
            )}
          </div>
        )}
      </div>
    </PageFrame>
  );
}
