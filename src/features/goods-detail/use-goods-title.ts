// SPEC §2 makes the title "route title - site title"; a goods page is better named by its goods.
// The router writes the route title when a navigation resolves (possibly after this effect, when
// the data was cached), so the goods title is written again on every resolve while mounted.
import { useEffect } from 'react';
import { useRouter } from '@tanstack/react-router';
import { SITE_TITLE } from '../../domain/constants';

export function goodsTitle(name: string): string {
  return `${name} - ${SITE_TITLE}`;
}

export function useGoodsTitle(name: string | undefined): void {
  const router = useRouter();
  useEffect(() => {
    if (!name) return;
    const apply = () => {
      document.title = goodsTitle(name);
    };
    apply();
    return router.subscribe('onResolved', apply);
  }, [name, router]);
}
