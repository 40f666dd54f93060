// Category link targets (SPEC §2 "Category menu", §9 yx=1).
import { FREE_SHIPPING_ZONE_PARAM } from '../../../domain/constants';

export type CategoryVariant = 'standard' | 'freeShipping';

export function categoryHref(id: number, variant: CategoryVariant): string {
  const base = `/list?category_id=${id}`;
  return variant === 'freeShipping' ? `${base}&yx=${FREE_SHIPPING_ZONE_PARAM.yx}` : base;
}

/** The loading route re-enters the list so it remounts with the new category (SPEC §2). */
export function loadingHref(target: string): string {
  return `/loading?to=${encodeURIComponent(target)}`;
}

export type CategoryNavigation = { kind: 'spa'; href: string } | { kind: 'document'; href: string };

/** On list/search routes a click goes through /loading inside the app; elsewhere it is a full page load. */
export function categoryNavigation(target: string, onListRoute: boolean): CategoryNavigation {
  return onListRoute ? { kind: 'spa', href: loadingHref(target) } : { kind: 'document', href: target };
}
