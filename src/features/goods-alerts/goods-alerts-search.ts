// /alerts URL state: the list's page (the route's search schema).
import { searchRecord, type SearchSchema } from '../../domain/params';
import { searchPage } from '../../domain/search-text';

export const goodsAlertsSearch: SearchSchema<{ page: number }> = (raw) => ({
  page: searchPage(searchRecord(raw).page),
});

export const goodsAlertsHref = (page: number): string => (page > 1 ? `/alerts?page=${page}` : '/alerts');
