// First screens of registration's review status and the account centre's basic info (member-only
// rows: the `auth` guard runs first). Loaded on a route's first call (`lazyLoader`), with the api
// modules, so the first bundle does not carry them.
import type { QueryClient } from '@tanstack/react-query';
import { registerStatusQuery } from '../../api/register';
import { loginLogQuery } from '../../api/account';
import { userBaseQuery } from '../../api/user';
import { storeSearch } from '../../features/register/store-search';
import { settled, withSearch } from '../first-screen';

/** /register/step2, /register/step3: the own company's review status. */
export function loadRegisterStatus(queryClient: QueryClient): Promise<unknown> {
  return settled([queryClient.ensureQueryData(registerStatusQuery(null))]);
}

/** /register/dd/step3?store_id=: that store's review status. */
export const loadStoreStatus = withSearch(storeSearch, (queryClient, { search }) =>
  search.store_id === null
    ? Promise.resolve()
    : settled([queryClient.ensureQueryData(registerStatusQuery(search.store_id))]),
).loader;

/** /basic (/zhzx): the user base (name, phone, WeChat) and the recent sign-ins. */
export function loadBasicInfo(queryClient: QueryClient): Promise<unknown> {
  return settled([queryClient.ensureQueryData(userBaseQuery()), queryClient.ensureQueryData(loginLogQuery())]);
}

/** /bdwx: the user base says whether a WeChat is bound. */
export function loadWechatBinding(queryClient: QueryClient): Promise<unknown> {
  return settled([queryClient.ensureQueryData(userBaseQuery())]);
}
