// /register/dd/step2 and step3 `?store_id=`: which store of the head office the page is about.
// Pure and tiny: the route manifest imports it.
import { positiveIntParam, searchRecord, type SearchSchema } from '../../domain/params';

export const storeSearch: SearchSchema<{ store_id: number | null }> = (raw) => ({
  store_id: positiveIntParam(searchRecord(raw).store_id),
});
