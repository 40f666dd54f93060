// First screens of /zhzq (组合购) and /jfsc (积分商城). Not in the first bundle: the manifest loads
// this module on a route's first call (`lazyLoader`), and the api modules with it.
import { combinationsQuery } from '../../api/combinations';
import { pointsMallQuery } from '../../api/points-mall';
import { combinationsSearch } from '../../features/combinations/combinations-search';
import { pointsMallSearch } from '../../features/points-mall/points-mall-search';
import { withSearch } from '../first-screen';

export const loadCombinations = withSearch(combinationsSearch, (queryClient) =>
  queryClient.ensureQueryData(combinationsQuery()),
).loader;

export const loadPointsMall = withSearch(pointsMallSearch, (queryClient) =>
  queryClient.ensureQueryData(pointsMallQuery()),
).loader;
