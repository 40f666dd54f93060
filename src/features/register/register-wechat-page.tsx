// /register/wechat (SPEC §2): registration started from a WeChat scan. Real WeChat: the browser
// goes to WeChat's QR page and comes back here with `?ticket=` (authorised) or `?wechat_error=`;
// the demo's stand-in: a one-time QR (5 minutes) opens our confirmation page. Once authorised, this
// page shows the account form, and the new account is bound to that WeChat. Then step 2 as usual.
// Where the shop offers no WeChat (production without WeChat settings) it says so instead.
import { useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { getWechatRegisterTicket, postWechatRegisterTicket, registerKeys } from '../../api/register';
import { userKeys } from '../../api/user';
import { AccountCard, FlowSteps, accountFormStyles as styles } from '../../widgets/account-form/flow-steps';
import { QrImage } from '../../widgets/account-form/qr-image';
import { useTicket } from '../../widgets/account-form/use-ticket';
import { SpaLink } from '../../ui/spa-link';
import { buttonClass } from '../../ui/button';
import { isApiError } from '../../http/client';
import { AccountForm } from './account-form';
import { REGISTER_STEPS } from './register-flow';
import { useWechatOffered } from '../../widgets/account-form/wechat-offered';

export default function RegisterWechatPage() {
  const offered = useWechatOffered();
  if (offered !== true) {
    return (
      <AccountCard
        title="微信扫码注册"
        lead={offered === false ? '本站暂未开通微信注册，请使用手机号注册。' : '正在加载…'}
      >
        <div className={styles.links}>
          <SpaLink href="/register/step1" className={styles.link}>
            使用手机号注册
          </SpaLink>
        </div>
      </AccountCard>
    );
  }
  return <WechatRegistration />;
}

/** The registration itself: asks for its QR ticket as soon as it is shown. */
function WechatRegistration() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ticket = useTicket(registerKeys.wechat, postWechatRegisterTicket, getWechatRegisterTicket);
  const status = ticket.state?.status;

  return (
    <AccountCard title="微信扫码注册" lead="使用微信扫码授权后填写账户信息，注册完成后该微信即绑定到新账号。">
      <FlowSteps steps={REGISTER_STEPS} current={1} label="注册步骤" />
      {status === 'scanned' && ticket.issued ? (
        <>
          <p className={styles.badge}>已授权微信：{ticket.state?.nickname}</p>
          <AccountForm
            wechatTicket={ticket.issued.ticket}
            onRegistered={() => {
              void queryClient.invalidateQueries({ queryKey: userKeys.all });
              void navigate({ to: '/register/step2' });
            }}
          />
        </>
      ) : (
        <div className={styles.result}>
          {ticket.issued && !ticket.issued.redirect && status !== 'expired' && status !== 'done' ? (
            <figure className={styles.qr}>
              <QrImage text={ticket.qrText} label="微信注册二维码" />
              <figcaption className={styles.resultText}>
                请使用微信扫一扫，二维码5分钟内有效
                <br />
                <a href={ticket.qrText} target="_blank" rel="noopener" className={styles.link}>
                  没有手机？在本机打开确认页
                </a>
              </figcaption>
            </figure>
          ) : (
            <>
              {status === 'expired' && <p className={styles.formError}>二维码已过期，请重新获取</p>}
              {status === 'done' && <p className={styles.formError}>该二维码已用于注册，请重新获取</p>}
              {ticket.returnError !== '' && <p className={styles.formError}>{ticket.returnError}</p>}
              {isApiError(ticket.issueError) && <p className={styles.formError}>{ticket.issueError.msg}</p>}
              <button
                type="button"
                className={buttonClass('primary', { size: 'lg' })}
                disabled={ticket.issuing}
                onClick={ticket.issue}
              >
                {ticket.issued ? '刷新二维码' : '获取注册二维码'}
              </button>
            </>
          )}
        </div>
      )}
      <div className={styles.links}>
        <SpaLink href="/register/step1" className={styles.link}>
          使用手机号注册
        </SpaLink>
        <SpaLink href="/login" className={styles.link}>
          已有账号，去登录
        </SpaLink>
      </div>
    </AccountCard>
  );
}
