// An anchor for shell links whose targets are plain URL strings (manifest paths, nav items from
// the server, `/search?keywords=…`). It navigates inside the SPA on a plain left click and lets
// the browser handle modified clicks, new tabs and other origins. Hover/focus warms the route.
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useRouter } from '@tanstack/react-router';

export interface ShellLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  href: string;
}

/** Same-origin, app-relative path ("/x", not "//host" or "scheme:"). */
export function isInternalHref(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}

export function isPlainLeftClick(e: MouseEvent<HTMLElement>): boolean {
  return e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;
}

export function ShellLink({ href, onClick, onMouseEnter, onFocus, target, children, ...rest }: ShellLinkProps) {
  const router = useRouter();
  const spa = isInternalHref(href) && (target === undefined || target === '_self');
  const preload = () => {
    // Preloading is a hint; an unknown path or an offline fetch must not surface as an error.
    // `href` is honoured at runtime (buildLocation parses it) but preloadRoute's type demands `to`.
    if (spa) router.preloadRoute({ href } as Parameters<typeof router.preloadRoute>[0]).catch(() => undefined);
  };
  return (
    <a
      {...rest}
      href={href}
      target={target}
      onClick={(e) => {
        onClick?.(e);
        if (e.defaultPrevented || !spa || !isPlainLeftClick(e)) return;
        e.preventDefault();
        void router.navigate({ href });
      }}
      onMouseEnter={(e) => {
        onMouseEnter?.(e);
        preload();
      }}
      onFocus={(e) => {
        onFocus?.(e);
        preload();
      }}
    >
      {children}
    </a>
  );
}
