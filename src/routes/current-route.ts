// The manifest row of the page on screen, for the shell (flags) and the title.
// Every route built by tree.tsx carries its row in `staticData.def`.
import { useRouterState } from '@tanstack/react-router';
import { SITE_TITLE } from '../domain/constants';
import type { RouteDef } from './types';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The manifest row this route was built from (absent only on the root route). */
    def?: RouteDef;
  }
}

/** Before the first match resolves (or on the root alone): a plain header-and-footer frame. */
export const ROOT_DEF: RouteDef = {
  name: '__root__',
  path: '/',
  title: '',
  shell: {
    header: true,
    loginHeader: false,
    footer: true,
    sideBar: false,
    categoryMenu: false,
    nav: false,
    topRightAd: false,
  },
};

/** The deepest match that carries a row: the page, not its layout. */
export function leafDef(matches: ReadonlyArray<{ staticData?: { def?: RouteDef } }>): RouteDef {
  for (let i = matches.length - 1; i >= 0; i--) {
    const def = matches[i].staticData?.def;
    if (def) return def;
  }
  return ROOT_DEF;
}

/** SPEC §2: the page title is the route title plus the site title. */
export function documentTitle(def: Pick<RouteDef, 'title'>): string {
  return def.title ? `${def.title} - ${SITE_TITLE}` : SITE_TITLE;
}

export function useCurrentRouteDef(): RouteDef {
  return useRouterState({ select: (state) => leafDef(state.matches) });
}
