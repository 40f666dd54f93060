// SPEC §2: the header collapses into its compact "search-top" state once the page is scrolled
// SEARCH_TOP_SCROLL_PX or more. One passive listener, read once per frame, state set on change only.
import { useEffect, useState } from 'react';
import { SEARCH_TOP_SCROLL_PX } from '../../../domain/constants';

export function isSearchTop(scrollY: number): boolean {
  return scrollY >= SEARCH_TOP_SCROLL_PX;
}

export function useSearchTop(enabled = true): boolean {
  const [searchTop, setSearchTop] = useState(false);
  useEffect(() => {
    if (!enabled) {
      setSearchTop(false);
      return;
    }
    let frame = 0;
    const read = () => {
      frame = 0;
      setSearchTop(isSearchTop(window.scrollY));
    };
    const onScroll = () => {
      if (frame === 0) frame = requestAnimationFrame(read);
    };
    read();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame !== 0) cancelAnimationFrame(frame);
    };
  }, [enabled]);
  return searchTop;
}
