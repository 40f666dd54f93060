// /zhzq URL state: `id` opens that combination's dialog (GET /api/combinationMzhg?id=); the list
// itself fits one page. The route's search schema.
import { positiveIntParam, searchRecord, type SearchSchema } from '../../domain/params';

export const combinationsSearch: SearchSchema<{ id: number | null }> = (raw) => ({
  id: positiveIntParam(searchRecord(raw).id),
});
