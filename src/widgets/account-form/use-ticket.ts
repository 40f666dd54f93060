// A WeChat ticket on a page, shared by WeChat binding and WeChat registration. The demo's stand-in:
// issue one, show its confirmation URL (absolute, for the QR), and ask every 2 s whether it was
// scanned until it is done or expired; a new ticket replaces an expired one on demand. Real WeChat
// sign-in: the issued ticket's URL is WeChat's own page, where the browser goes; WeChat's callback
// brings it back to this page with `?ticket=` (the ticket to follow) or `?wechat_error=` (what went
// wrong), read once after the page mounts.
import { useEffect, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { TICKET_POLL_MS, type TicketState, type WechatTicket } from '../../api/register';

export interface TicketFlow {
  issued: WechatTicket | null;
  /** The absolute URL the QR encodes (the stand-in's). */
  qrText: string;
  state: TicketState | null;
  issue: () => void;
  /** Issuing, or on the way to WeChat's page. */
  issuing: boolean;
  issueError: unknown;
  /** The message WeChat's callback came back with, '' when none. */
  returnError: string;
}

export function useTicket(
  key: (ticket: string) => readonly unknown[],
  post: () => Promise<WechatTicket>,
  get: (ticket: string) => Promise<TicketState>,
): TicketFlow {
  const [issued, setIssued] = useState<WechatTicket | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [returnError, setReturnError] = useState('');
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const ticket = params.get('ticket');
    if (ticket) setIssued({ ticket, url: '', expires_in: 0, redirect: true });
    setReturnError(params.get('wechat_error') ?? '');
  }, []);
  const issue = useMutation({
    mutationFn: post,
    onSuccess: (t) => {
      if (!t.redirect) return setIssued(t);
      setLeaving(true);
      window.location.assign(t.url);
    },
  });
  const state = useQuery({
    queryKey: key(issued?.ticket ?? ''),
    queryFn: () => get(issued!.ticket),
    enabled: issued !== null,
    refetchInterval: (q) => {
      const status = q.state.data?.status;
      // Back from WeChat the answer is already there: nothing to wait for.
      return issued?.redirect || status === 'done' || status === 'expired' ? false : TICKET_POLL_MS;
    },
    meta: { silentErrors: true },
  });
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return {
    issued,
    qrText: issued && !issued.redirect ? `${origin}${issued.url}` : '',
    state: issued ? (state.data ?? null) : null,
    issue: () => {
      setReturnError('');
      issue.mutate();
    },
    issuing: issue.isPending || leaving,
    issueError: issue.error,
    returnError,
  };
}
