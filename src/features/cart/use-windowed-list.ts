// Windowing for a long list that scrolls with the page (no inner scroll box): only the items
// near the viewport are mounted; spacers above and below stand in for the rest. Heights start as
// estimates and are replaced by measured ones (ResizeObserver) as items mount, keyed by item so
// a deletion does not shift them. Written here rather than adding a dependency: the cart is its
// only user, and this is all it needs.
import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'react';

/** Rendered beyond each edge of the viewport, so fast scrolling rarely shows a gap. */
export const WINDOW_OVERSCAN_PX = 800;
/** Used before the first layout (no window in tests without jsdom, SSR). */
const FALLBACK_VIEWPORT_PX = 900;

export type ItemKey = string | number;

export interface WindowRange {
  /** First mounted index. */
  start: number;
  /** One past the last mounted index. */
  end: number;
}

/** Prefix sums: offsets[i] = top of item i; offsets[n] = total height. */
export function itemOffsets(heights: readonly number[]): number[] {
  const offsets = new Array<number>(heights.length + 1);
  offsets[0] = 0;
  for (let i = 0; i < heights.length; i++) offsets[i + 1] = offsets[i] + heights[i];
  return offsets;
}

/** First index whose bottom edge is below `y` (binary search). */
function firstEndingAfter(offsets: readonly number[], y: number): number {
  let lo = 0;
  let hi = offsets.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (offsets[mid + 1] > y) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Items overlapping [top − overscan, bottom + overscan], in list coordinates. */
export function windowRange(offsets: readonly number[], top: number, bottom: number, overscanPx: number): WindowRange {
  const count = offsets.length - 1;
  if (count <= 0) return { start: 0, end: 0 };
  const start = firstEndingAfter(offsets, Math.max(0, top - overscanPx));
  let end = start;
  const limit = bottom + overscanPx;
  while (end < count && offsets[end] < limit) end += 1;
  return { start, end: Math.max(end, Math.min(count, start + 1)) };
}

export interface WindowedList<E extends HTMLElement> {
  /** Put on the element that contains the items (its top is where item 0 starts). */
  listRef: React.RefObject<E | null>;
  range: WindowRange;
  /** Space above the first and below the last mounted item. */
  padTop: number;
  padBottom: number;
  /** Ref for a mounted item's outer element, so its real height replaces the estimate. */
  measure: (key: ItemKey) => (el: HTMLElement | null) => void;
}

function viewportHeight(): number {
  return typeof window === 'undefined' ? FALLBACK_VIEWPORT_PX : window.innerHeight || FALLBACK_VIEWPORT_PX;
}

export function useWindowedList<E extends HTMLElement>(
  keys: readonly ItemKey[],
  estimate: (index: number) => number,
  overscanPx = WINDOW_OVERSCAN_PX,
): WindowedList<E> {
  const listRef = useRef<E | null>(null);
  const heights = useRef(new Map<ItemKey, number>());
  const [measured, bumpMeasured] = useReducer((n: number) => n + 1, 0);

  const offsets = useMemo(
    () => itemOffsets(keys.map((key, i) => heights.current.get(key) ?? estimate(i))),
    // `measured` stands for the heights map, which changes in place.
    [keys, estimate, measured],
  );
  const offsetsRef = useRef(offsets);

  const [range, setRange] = useState<WindowRange>(() => windowRange(offsets, 0, viewportHeight(), overscanPx));

  const update = useCallback(() => {
    const el = listRef.current;
    const top = el ? -el.getBoundingClientRect().top : 0;
    const next = windowRange(offsetsRef.current, top, top + viewportHeight(), overscanPx);
    setRange((prev) => (prev.start === next.start && prev.end === next.end ? prev : next));
  }, [overscanPx]);

  useLayoutEffect(() => {
    offsetsRef.current = offsets;
    update();
  }, [offsets, update]);

  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      if (frame !== 0) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        update();
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame !== 0) cancelAnimationFrame(frame);
    };
  }, [update]);

  // One observer for all mounted items; created on first use (jsdom has none: estimates stay).
  const observer = useRef<ResizeObserver | null>(null);
  const keyOf = useRef(new WeakMap<Element, ItemKey>());
  const getObserver = useCallback((): ResizeObserver | null => {
    if (observer.current || typeof ResizeObserver === 'undefined') return observer.current;
    observer.current = new ResizeObserver((entries) => {
      let changed = false;
      for (const entry of entries) {
        const key = keyOf.current.get(entry.target);
        if (key === undefined) continue;
        const height = entry.borderBoxSize?.[0]?.blockSize ?? (entry.target as HTMLElement).offsetHeight;
        if (height > 0 && Math.abs((heights.current.get(key) ?? -1) - height) > 0.5) {
          heights.current.set(key, height);
          changed = true;
        }
      }
      if (changed) bumpMeasured();
    });
    return observer.current;
  }, []);
  useEffect(
    () => () => {
      observer.current?.disconnect();
      observer.current = null;
    },
    [],
  );

  // Stable ref callbacks per key, so a re-render does not unobserve and observe every item.
  const refs = useRef(new Map<ItemKey, (el: HTMLElement | null) => void>());
  const measure = useCallback(
    (key: ItemKey) => {
      let ref = refs.current.get(key);
      if (!ref) {
        let current: HTMLElement | null = null;
        ref = (el: HTMLElement | null) => {
          if (current) getObserver()?.unobserve(current);
          current = el;
          if (el) {
            keyOf.current.set(el, key);
            getObserver()?.observe(el);
          }
        };
        refs.current.set(key, ref);
      }
      return ref;
    },
    [getObserver],
  );

  const count = keys.length;
  const start = Math.min(range.start, count);
  const end = Math.min(Math.max(range.end, start), count);
  return {
    listRef,
    range: { start, end },
    padTop: offsets[start] ?? 0,
    padBottom: (offsets[count] ?? 0) - (offsets[end] ?? 0),
    measure,
  };
}
