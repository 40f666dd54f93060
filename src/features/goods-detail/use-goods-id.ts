// The goods id of /list/info/:id (and its aliases): a positive integer, or null for anything else
// (the page then shows its "not found" state without asking the server).
import { useParams } from '@tanstack/react-router';
import { parseGoodsId } from '../../domain/catalog';

export { parseGoodsId };

export function useGoodsId(): number | null {
  const params: { id?: string } = useParams({ strict: false });
  return parseGoodsId(params.id);
}
