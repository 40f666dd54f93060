// The left category menu (SPEC §2): the first CATEGORY_MENU_MAX_ENTRIES top categories, each with
// a hover/focus flyout of level-2 groups and their level-3 links. Pinned open on routes with the
// `categoryMenu` flag (home), a hover/click dropdown under "全部商品分类" elsewhere.
import { useState, type MouseEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { commonDataQuery } from '../../../api/common';
import { CATEGORY_MENU_MAX_ENTRIES } from '../../../domain/constants';
import type { CategoryNode } from '../../../domain/contracts';
import { GridIcon } from '../icons';
import { isPlainLeftClick } from '../shell-link';
import { categoryHref, categoryNavigation, type CategoryVariant } from './category-link';
import styles from './category-menu.module.css';

/** Seam for the full-page navigation (jsdom cannot navigate documents). */
export const documentNavigation = {
  assign: (href: string): void => window.location.assign(href),
};

export interface CategoryMenuProps {
  variant: CategoryVariant;
  /** Always open (home); otherwise opens on hover, focus or click of the heading. */
  pinned: boolean;
  /** The current route is a goods list or search route. */
  onListRoute: boolean;
}

export function CategoryMenu({ variant, pinned, onListRoute }: CategoryMenuProps) {
  const router = useRouter();
  const common = useQuery(commonDataQuery());
  const tree = (variant === 'freeShipping' ? common.data?.category_yx : common.data?.category) ?? [];
  const entries = tree.slice(0, CATEGORY_MENU_MAX_ENTRIES);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState<number | null>(null);
  const listVisible = pinned || open;

  const close = () => {
    setActive(null);
    if (!pinned) setOpen(false);
  };

  const follow = (e: MouseEvent<HTMLAnchorElement>, id: number) => {
    if (!isPlainLeftClick(e)) return;
    e.preventDefault();
    const nav = categoryNavigation(categoryHref(id, variant), onListRoute);
    close();
    if (nav.kind === 'spa') void router.navigate({ href: nav.href });
    else documentNavigation.assign(nav.href);
  };

  const link = (node: CategoryNode, className: string) => (
    <a className={className} href={categoryHref(node.id, variant)} onClick={(e) => follow(e, node.id)}>
      {node.name}
    </a>
  );

  return (
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- hover, focus leaving and Escape bubbling from the button and links inside; the menu's controls are those
    <div
      className={pinned ? `${styles.menu} ${styles.pinned}` : styles.menu}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={close}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) close();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') close();
      }}
    >
      <button
        type="button"
        className={styles.heading}
        aria-expanded={listVisible}
        onClick={() => {
          if (!pinned) setOpen((v) => !v);
        }}
      >
        <GridIcon size={16} />
        {variant === 'freeShipping' ? '包邮商品分类' : '全部商品分类'}
      </button>
      <ul className={styles.list} hidden={!listVisible}>
        {entries.map((node) => (
          // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- hover or focus on the entry's links opens its flyout; the links are the controls
          <li
            key={node.id}
            className={active === node.id ? `${styles.entry} ${styles.entryActive}` : styles.entry}
            onMouseEnter={() => setActive(node.id)}
            onFocus={() => setActive(node.id)}
          >
            <div className={styles.entryHead}>
              {link(node, styles.level1)}
              <span className={styles.quick}>
                {node.children
                  .filter((child) => node.childrenShow.includes(child.id))
                  .map((child) => (
                    <span key={child.id}>{link(child, styles.quickLink)}</span>
                  ))}
              </span>
            </div>
            {active === node.id && node.children.length > 0 && (
              <div className={styles.flyout}>
                {node.children.map((group) => (
                  <dl key={group.id} className={styles.group}>
                    <dt>{link(group, styles.level2)}</dt>
                    <dd>
                      {group.children.map((leaf) => (
                        <span key={leaf.id}>{link(leaf, styles.level3)}</span>
                      ))}
                    </dd>
                  </dl>
                ))}
              </div>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
