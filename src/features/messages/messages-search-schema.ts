// /wdxx URL state: the kind tab, the read filter and the page. The route's search schema: pure and
// tiny (the manifest imports it up front).
import {
  DEFAULT_MESSAGE_SEARCH,
  MESSAGE_KINDS,
  MESSAGE_READ_FILTERS,
  type MessageListSearch,
} from '../../domain/messages';
import { searchRecord, type SearchSchema } from '../../domain/params';

export const MESSAGES_PATH = '/wdxx';
const MAX_PAGE = 10_000;

/** A value as the query string spelled it: the router hands over `page=2` as 2; repeated keys: the first. */
function textOf(raw: unknown): string {
  const v = Array.isArray(raw) ? (raw as unknown[])[0] : raw;
  if (typeof v === 'string') return v;
  return typeof v === 'number' && Number.isFinite(v) ? String(v) : '';
}

const oneOf = <T extends string>(list: readonly T[], v: string): T | undefined => list.find((x) => x === v);

export const messagesSearch: SearchSchema<MessageListSearch> = (raw) => {
  const r = searchRecord(raw);
  const pageRaw = textOf(r.page);
  const page = /^\d{1,6}$/.test(pageRaw) && Number(pageRaw) >= 1 && Number(pageRaw) <= MAX_PAGE ? Number(pageRaw) : 1;
  return {
    kind: oneOf(MESSAGE_KINDS, textOf(r.kind)) ?? DEFAULT_MESSAGE_SEARCH.kind,
    status: oneOf(MESSAGE_READ_FILTERS, textOf(r.status)) ?? DEFAULT_MESSAGE_SEARCH.status,
    page,
  };
};

export function messagesHref(s: MessageListSearch): string {
  const p = new URLSearchParams();
  if (s.kind !== 'all') p.set('kind', s.kind);
  if (s.status !== 'all') p.set('status', s.status);
  if (s.page > 1) p.set('page', String(s.page));
  const q = p.toString();
  return q === '' ? MESSAGES_PATH : `${MESSAGES_PATH}?${q}`;
}
