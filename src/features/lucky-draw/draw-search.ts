// /cjjl URL state: the page of 我的抽奖 (the route's search schema).
import { searchRecord, type SearchSchema } from '../../domain/params';
import { searchPage } from '../../domain/search-text';

export const drawRecordsSearch: SearchSchema<{ page: number }> = (raw) => ({
  page: searchPage(searchRecord(raw).page),
});

export const drawRecordsHref = (page: number): string => (page > 1 ? `/cjjl?page=${page}` : '/cjjl');
