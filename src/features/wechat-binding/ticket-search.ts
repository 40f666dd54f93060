// /wechat/confirm `?ticket=`: the QR ticket the confirmation page is about. Pure and tiny: the
// route manifest imports it.
import { searchRecord, type SearchSchema } from '../../domain/params';

const TICKET_RE = /^[\w-]{1,100}$/;

export const wechatTicketSearch: SearchSchema<{ ticket: string }> = (raw) => {
  const v = searchRecord(raw).ticket;
  return { ticket: typeof v === 'string' && TICKET_RE.test(v) ? v : '' };
};
