// Whether the reader has scrolled a box to its end (the sign button waits for it). A text short
// enough to need no scrolling counts as read once it is on screen.
import { useCallback, useEffect, useRef, useState } from 'react';

/** Pixels from the bottom that still count as the end (sub-pixel rounding, zoom). */
export const END_SLACK_PX = 8;

export function reachedEnd(box: Pick<HTMLElement, 'scrollTop' | 'clientHeight' | 'scrollHeight'>): boolean {
  return box.scrollTop + box.clientHeight >= box.scrollHeight - END_SLACK_PX;
}

/** `key` restarts the reading (a new version of the text). */
export function useReadToEnd<T extends HTMLElement>(key: string) {
  const ref = useRef<T | null>(null);
  const [read, setRead] = useState(false);

  useEffect(() => {
    setRead(false);
    const box = ref.current;
    // Nothing to scroll (scrollHeight 0 means no layout yet, as under jsdom: wait for a scroll).
    if (box && box.scrollHeight > 0 && box.scrollHeight <= box.clientHeight) setRead(true);
  }, [key]);

  const onScroll = useCallback(() => {
    const box = ref.current;
    if (box && reachedEnd(box)) setRead(true);
  }, []);

  return { ref, read, onScroll };
}
