// A plain anchor for the list's own URLs (filters, views, pages, goods): a real href so a buyer can
// open a filtered list in a new tab or share it, and an in-app navigation on a plain left click.
// Filter links keep the scroll position (the buyer is working in the filter bar); hover, focus
// and a touch's start warm the target route, as the router's own Link does ('intent'). Unlike
// that Link it does not watch the router's location, so rows of them (goods tiles, cart lines)
// cost nothing on a navigation (docs/decisions/row-links.md).
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useRouter } from '@tanstack/react-router';

export interface SpaLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  href: string;
  /** Keep the scroll position (filter and view changes). Default: scroll to the top. */
  keepScroll?: boolean;
  /** Runs after the in-app navigation settled (e.g. to focus the results). */
  onNavigated?: () => void;
}

function isPlainLeftClick(e: MouseEvent<HTMLElement>): boolean {
  return e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;
}

export function SpaLink({
  href,
  keepScroll = false,
  onNavigated,
  onClick,
  onMouseEnter,
  onFocus,
  onTouchStart,
  children,
  ...rest
}: SpaLinkProps) {
  const router = useRouter();
  // A hint only: an offline chunk fetch must not surface as an error.
  const warm = () => router.preloadRoute({ href } as Parameters<typeof router.preloadRoute>[0]).catch(() => undefined);
  return (
    <a
      {...rest}
      href={href}
      onClick={(e) => {
        onClick?.(e);
        if (e.defaultPrevented || !isPlainLeftClick(e) || rest.target === '_blank') return;
        e.preventDefault();
        void router.navigate({ href, resetScroll: !keepScroll }).then(() => onNavigated?.());
      }}
      onMouseEnter={(e) => {
        onMouseEnter?.(e);
        void warm();
      }}
      onFocus={(e) => {
        onFocus?.(e);
        void warm();
      }}
      onTouchStart={(e) => {
        onTouchStart?.(e);
        void warm();
      }}
    >
      {children}
    </a>
  );
}
