// Which shell behaviours a route triggers, decided from the manifest row (SPEC §2). Children
// carry their SPEC parent in `parent` (cart steps are named step1…step4 under `cart`).
import type { RouteDef } from '../../routes/types';

type RouteId = Pick<RouteDef, 'name' | 'parent'>;

/** SPEC §2: the header does not load the user base on these routes. */
const NO_USER_BASE_ROUTES: ReadonlySet<string> = new Set(['user_hyzx', 'login', 'zhzx_bdwx']);

export function loadsUserBase(def: Pick<RouteDef, 'name'>): boolean {
  return !NO_USER_BASE_ROUTES.has(def.name);
}

function inArea(def: RouteId, ...areas: string[]): boolean {
  return areas.some((a) => def.name.startsWith(a) || def.parent === a);
}

/** The cart flow (cart steps 1-4, cart_hm): the side drawer stays closed there (SPEC §4). */
export function isCartRoute(def: RouteId): boolean {
  return inArea(def, 'cart');
}

/** Goods list and search routes: a category click goes through /loading so the list remounts. */
export function isListRoute(def: RouteId): boolean {
  return inArea(def, 'list', 'search');
}

/** Search result pages: the header's box mirrors their keyword. */
export function isSearchRoute(def: RouteId): boolean {
  return inArea(def, 'search');
}

/** The free-shipping zone (/yx and its children) uses the yx=1 category tree. */
export function isFreeShippingRoute(def: RouteId): boolean {
  return def.name === 'yx' || def.name.startsWith('yx_') || def.parent === 'yx';
}

export function isHomeRoute(def: Pick<RouteDef, 'name' | 'path'>): boolean {
  return def.name === 'home' || def.path === '/';
}
