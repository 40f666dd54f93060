// An anchor whose href is built by the page (URL state with long digit strings): a real link for
// new tabs and sharing, an in-app navigation on a plain left click.
import type { AnchorHTMLAttributes } from 'react';
import { useRouter } from '@tanstack/react-router';

export interface SpaAnchorProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  href: string;
}

export function SpaAnchor({ href, onClick, ...rest }: SpaAnchorProps) {
  const router = useRouter();
  return (
    <a
      {...rest}
      href={href}
      onClick={(e) => {
        onClick?.(e);
        if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        if (rest.target === '_blank') return;
        e.preventDefault();
        void router.navigate({ href });
      }}
    />
  );
}
