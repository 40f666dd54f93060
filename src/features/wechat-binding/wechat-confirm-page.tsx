// /wechat/confirm?ticket= — stands in for the WeChat app after a scan of our QR code (there is no
// WeChat gateway): it says what the scan is for (bind account X, or start a registration), takes
// the WeChat nickname and confirms (POST /api/wechat/confirm). A used or expired QR is refused
// with the server's message.
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { accountKeys, getConfirmTicket, postConfirmTicket } from '../../api/account';
import { TextField } from '../../widgets/address/text-field';
import { AccountCard, accountFormStyles as formStyles } from '../../widgets/account-form/flow-steps';
import { formProblemOf, type FormProblem } from '../../widgets/account-form/form-problem';
import { useRouteSearch } from '../../widgets/route-search';
import { StateBlock } from '../../ui/state-block';
import { buttonClass } from '../../ui/button';
import { isApiError } from '../../http/client';
import { wechatTicketSearch } from './ticket-search';
import styles from './wechat-binding.module.css';

export default function WechatConfirmPage() {
  const { ticket } = useRouteSearch(wechatTicketSearch);
  const info = useQuery({
    queryKey: accountKeys.confirmTicket(ticket),
    queryFn: () => getConfirmTicket(ticket),
    enabled: ticket !== '',
    retry: false,
    meta: { silentErrors: true },
  });
  const [nickname, setNickname] = useState('微信用户');
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const confirm = useMutation({ mutationFn: postConfirmTicket, meta: { silentErrors: true } });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (nickname.trim() === '') return setProblem({ field: 'nickname', message: '请输入微信昵称' });
    setProblem(null);
    confirm.mutate({ ticket, nickname: nickname.trim() }, { onError: (err) => setProblem(formProblemOf(err)) });
  };

  let body;
  if (ticket === '') body = <StateBlock kind="failed" text="二维码无效，请在页面上刷新二维码" />;
  else if (confirm.isSuccess) {
    body = (
      <div className={formStyles.result}>
        <p className={formStyles.resultTitle}>{confirm.data.purpose === 'bind' ? '微信绑定成功' : '授权成功'}</p>
        <p className={formStyles.resultText}>
          {confirm.data.purpose === 'bind' ? '请返回电脑查看绑定结果。' : '请返回电脑，在注册页面继续填写账户信息。'}
        </p>
      </div>
    );
  } else if (info.isError) {
    body = (
      <StateBlock kind="failed" text={isApiError(info.error) ? info.error.msg : '二维码无效，请在页面上刷新二维码'} />
    );
  } else if (!info.data) body = <StateBlock kind="loading" text="加载中…" />;
  else {
    body = (
      <form className={styles.confirm} noValidate onSubmit={submit}>
        <p className={styles.text}>
          {info.data.purpose === 'bind'
            ? `康源医药网请求将您的微信绑定到账号 ${info.data.account}，绑定后可通过微信接收订单通知。`
            : '康源医药网请求使用您的微信注册新账号，确认后请回到电脑继续填写账户信息。'}
        </p>
        <TextField
          label="微信昵称"
          name="nickname"
          maxLength={20}
          required
          value={nickname}
          onChange={(v) => {
            setNickname(v);
            setProblem(null);
          }}
          error={problem?.field === 'nickname' ? problem.message : undefined}
          hint="演示环境没有微信接口，此页代替微信扫码后的授权页"
        />
        {problem && problem.field !== 'nickname' && (
          <p className={styles.error} role="alert">
            {problem.message}
          </p>
        )}
        <button type="submit" className={buttonClass('primary', { size: 'lg' })} disabled={confirm.isPending}>
          {info.data.purpose === 'bind' ? '确认绑定' : '确认授权'}
        </button>
      </form>
    );
  }

  return (
    <AccountCard title="微信授权" narrow>
      {body}
    </AccountCard>
  );
}
