// The goods id of /list/info/:id (and its aliases): a positive integer, or null for anything else
// (the page then shows its "not found" state without asking the server).
import { useParams } from '@tanstack/react-router';

const MAX_ID = 2_147_483_647;

export function parseGoodsId(raw: unknown): number | null {
  if (typeof raw !== 'string' || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= MAX_ID ? id : null;
}

export function useGoodsId(): number | null {
  const params = useParams({ strict: false }) as { id?: string };
  return parseGoodsId(params.id);
}
