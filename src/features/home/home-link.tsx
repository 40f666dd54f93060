// Links whose targets are strings from the server (carousel, ads, notices) or fixed paths with a
// query string. A same-origin path navigates inside the SPA on a plain left click and warms its
// route on hover/focus; an http(s) URL opens in a new tab; anything else (empty, `javascript:`)
// is an activity without a target, which SPEC §8 answers with "activity not started".
import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { useRouter } from '@tanstack/react-router';
import { toast } from '../../ui/toast';

export const NOT_STARTED_MESSAGE = '活动尚未开始，敬请期待';

export type LinkTarget = { kind: 'internal' | 'external'; href: string } | { kind: 'none' };

export function linkTarget(url: string): LinkTarget {
  const href = url.trim();
  if (href.startsWith('/') && !href.startsWith('//') && !href.includes('\\')) return { kind: 'internal', href };
  if (/^https?:\/\/[^/\\]/i.test(href)) return { kind: 'external', href };
  return { kind: 'none' };
}

const isPlainLeftClick = (e: MouseEvent<HTMLElement>) =>
  e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

export interface HomeLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  href: string;
  children: ReactNode;
}

export function HomeLink({ href, onClick, onMouseEnter, onFocus, children, ...rest }: HomeLinkProps) {
  const router = useRouter();
  const target = linkTarget(href);

  if (target.kind === 'none') {
    return (
      <button
        type="button"
        className={rest.className}
        aria-label={rest['aria-label']}
        tabIndex={rest.tabIndex}
        onClick={() => toast.show({ message: NOT_STARTED_MESSAGE, tone: 'info' })}
      >
        {children}
      </button>
    );
  }
  if (target.kind === 'external') {
    return (
      <a {...rest} href={target.href} target="_blank" rel="noopener noreferrer" onClick={onClick}>
        {children}
      </a>
    );
  }
  const preload = () => {
    // A hint only: an unknown path or an offline chunk must not surface as an error.
    // `href` is honoured at runtime (buildLocation parses it); preloadRoute's type asks for `to`.
    router.preloadRoute({ href: target.href } as Parameters<typeof router.preloadRoute>[0]).catch(() => undefined);
  };
  return (
    <a
      {...rest}
      href={target.href}
      onClick={(e) => {
        onClick?.(e);
        if (e.defaultPrevented || !isPlainLeftClick(e)) return;
        e.preventDefault();
        void router.navigate({ href: target.href });
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
