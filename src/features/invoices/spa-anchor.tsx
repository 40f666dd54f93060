// An anchor with a page-built href: a real link for new tabs, an in-app navigation on a plain click.
import type { AnchorHTMLAttributes } from 'react';
import { useRouter } from '@tanstack/react-router';

export function SpaAnchor({ href, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const router = useRouter();
  return (
    <a
      {...rest}
      href={href}
      onClick={(e) => {
        onClick?.(e);
        if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        void router.navigate({ href });
      }}
    />
  );
}
