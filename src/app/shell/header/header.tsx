// The full shop header (SPEC §2): top bar, then logo + search box + cart button. Past
// SEARCH_TOP_SCROLL_PX the logo row pins to the top as a compact "search-top" bar; its slot keeps
// its height so nothing below moves, and the same search box stays mounted (focus and text kept).
import { useQuery } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { commonDataQuery, focusSlotQuery } from '../../../api/common';
import type { SearchType } from '../../../domain/contracts';
import type { UserBase } from '../../../domain/user';
import { searchRecord } from '../../../domain/params';
import type { RouteDef } from '../../../routes/types';
import { CartButton } from '../cart-button/cart-button';
import { isSearchRoute } from '../route-kind';
import { SearchBox } from '../search-box/search-box';
import { ShellLink } from '../shell-link';
import { Logo } from './logo';
import { TopBar } from './top-bar';
import { useSearchTop } from './use-search-top';
import styles from './header.module.css';

export interface HeaderProps {
  def: RouteDef;
  user: UserBase | null;
  shown: boolean;
}

/** Search pages mirror their URL in the box; TanStack parses `keywords=123` as a number, hence String(). */
function useCurrentSearch(active: boolean): { keywords: string; type: SearchType } | null {
  const search = useRouterState({ select: (s) => searchRecord(s.location.search) });
  if (!active) return null;
  const keywords = search.keywords;
  return {
    keywords: keywords === undefined || keywords === null ? '' : String(keywords),
    type: String(search.type) === '2' ? 2 : 1,
  };
}

export function Header({ def, user, shown }: HeaderProps) {
  const common = useQuery(commonDataQuery());
  const searchTop = useSearchTop();
  const current = useCurrentSearch(isSearchRoute(def));
  return (
    <header className={styles.header}>
      <TopBar user={user} shown={shown} />
      <div className={styles.mainSlot}>
        <div
          className={searchTop ? `${styles.main} ${styles.searchTop}` : styles.main}
          data-search-top={searchTop || undefined}
        >
          <div className={styles.mainInner}>
            <Logo compact={searchTop} />
            <SearchBox hotWords={common.data?.rnss ?? []} current={current} compact={searchTop} />
            <CartButton user={user} compact={searchTop} />
            {def.shell.topRightAd && !searchTop && <ShellAd />}
          </div>
        </div>
      </div>
    </header>
  );
}

/** Shown while the `right` slot is empty or unavailable. */
const PROMISES = [
  ['正品', '保障'],
  ['极速', '发货'],
  ['满额', '包邮'],
] as const;
/** The card has room for three lines. */
const RIGHT_AD_LINES = 3;

/** The top-right card of SPEC §2's `topRightAd` flag: the operator's `right` slot as text links. */
function ShellAd() {
  const slot = useQuery(focusSlotQuery('right'));
  const items = (slot.data ?? []).filter((i) => i.title !== '' && i.url !== '').slice(0, RIGHT_AD_LINES);
  return (
    // A div, not an aside: a complementary landmark may not sit inside the banner.
    <div className={styles.topRightAd}>
      {items.length > 0
        ? items.map((i) => (
            <ShellLink key={`${i.url}-${i.title}`} href={i.url} className={styles.adLink}>
              {i.title} ›
            </ShellLink>
          ))
        : PROMISES.map(([b, rest]) => (
            <span key={b} className={styles.adLine}>
              <b>{b}</b>
              {rest}
            </span>
          ))}
    </div>
  );
}
