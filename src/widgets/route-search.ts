// A page's typed search params. The route row wires the page's schema to its `validateSearch`, so
// the router already parsed the search once for the page's match; the router's generated types
// cannot carry that type to the page (the tree is built from the manifest at run time, see
// docs/decisions/route-loaders.md), which is why the one cast of a validated search lives here,
// guarded by the check that this route really ran this schema. Anywhere else (a test router, a
// row without the schema) the schema parses the search itself, so the page gets the same value.
import { useMemo } from 'react';
import { useMatch, useRouter } from '@tanstack/react-router';
import type { SearchSchema } from '../domain/params';

export function useRouteSearch<S>(schema: SearchSchema<S>): S {
  const router = useRouter();
  const routeId: string | undefined = useMatch({ strict: false, select: (match) => match.routeId });
  const search: unknown = useMatch({ strict: false, select: (match) => match.search });
  const route = routeId === undefined ? undefined : router.routesById[routeId];
  const validated = route?.options.validateSearch === schema;
  return useMemo(() => (validated ? (search as S) : schema(search)), [validated, search, schema]);
}
