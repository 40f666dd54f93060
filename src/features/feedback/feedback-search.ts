// /yjfk URL state: the page of 我的反馈 (the route's search schema).
import { searchRecord, type SearchSchema } from '../../domain/params';
import { searchPage } from '../../domain/search-text';

export const feedbackSearch: SearchSchema<{ page: number }> = (raw) => ({ page: searchPage(searchRecord(raw).page) });

export const feedbackHref = (page: number): string => (page > 1 ? `/yjfk?page=${page}` : '/yjfk');
