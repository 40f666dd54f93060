// A WeChat QR ticket on a page: issue one, show its confirmation URL (absolute, for the QR), and
// ask every 2 s whether it was scanned until it is done or expired. A new ticket replaces an
// expired one on demand. Shared by WeChat binding and WeChat registration.
import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { TICKET_POLL_MS, type TicketState, type WechatTicket } from '../../api/register';

export interface TicketFlow {
  issued: WechatTicket | null;
  /** The absolute URL the QR encodes. */
  qrText: string;
  state: TicketState | null;
  issue: () => void;
  issuing: boolean;
  issueError: unknown;
}

export function useTicket(
  key: (ticket: string) => readonly unknown[],
  post: () => Promise<WechatTicket>,
  get: (ticket: string) => Promise<TicketState>,
): TicketFlow {
  const [issued, setIssued] = useState<WechatTicket | null>(null);
  const issue = useMutation({ mutationFn: post, onSuccess: setIssued });
  const state = useQuery({
    queryKey: key(issued?.ticket ?? ''),
    queryFn: () => get(issued!.ticket),
    enabled: issued !== null,
    refetchInterval: (q) => {
      const status = q.state.data?.status;
      return status === 'done' || status === 'expired' ? false : TICKET_POLL_MS;
    },
    meta: { silentErrors: true },
  });
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return {
    issued,
    qrText: issued ? `${origin}${issued.url}` : '',
    state: issued ? (state.data ?? null) : null,
    issue: () => issue.mutate(),
    issuing: issue.isPending,
    issueError: issue.error,
  };
}
