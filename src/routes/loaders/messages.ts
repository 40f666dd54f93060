// First screen of 我的消息 (/wdxx, a member-only row: the `auth` guard runs first). Not in the first
// bundle: the manifest loads this module on the route's first call (`lazyLoader`).
import { messagesQuery } from '../../api/messages';
import { messagesSearch } from '../../features/messages/messages-search-schema';
import { withSearch } from '../first-screen';

export const loadMessages = withSearch(messagesSearch, (queryClient, { search }) =>
  queryClient.ensureQueryData(messagesQuery(search)),
).loader;
