// Windowing for a long list that scrolls with the page (no inner scroll box), on
// @tanstack/react-virtual's window virtualizer: only the items near the viewport are mounted,
// their heights measured as they mount (estimates until then), keyed by item so a deletion does
// not shift them. Items stay in normal flow (table rows, grid rows), so instead of absolute
// positions the caller pads the list by `padTop`/`padBottom` and renders a spacer of `gapBefore` px
// before an item that does not follow the previous one (a focused item kept mounted): a <tr> keeps
// its table's column widths that way. Decision: docs/decisions/long-lists.md.
//
// Two things the virtualizer alone does not do:
// - A focused item stays mounted while it is scrolled out of view (the range extractor adds it),
//   so keyboard focus is not dropped to <body> and Tab continues from where the buyer was.
// - jsdom (component tests) lays nothing out: a measured height of 0 keeps the estimate.
// Find in page (Ctrl+F) only finds mounted items; the pages that window say so in their records.
import { defaultRangeExtractor, useWindowVirtualizer, type Range, type Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useMemo, useRef, useState, type FocusEvent } from 'react';

/** Rendered beyond each edge of the viewport (px), so fast scrolling rarely shows a gap. */
export const PAGE_WINDOW_OVERSCAN_PX = 800;
/**
 * Lists up to this many items mount every item without the virtualizer: windowing pays off for
 * long lists only, and a short one stays whole for find in page and the browser tests.
 */
export const PAGE_WINDOW_ALL_UP_TO = 60;
const INDEX_ATTRIBUTE = 'data-index';

export interface PageWindowItem {
  index: number;
  key: string | number;
  /** Empty space (px) between the previous mounted item and this one (0 for the first: see padTop). */
  gapBefore: number;
}

export interface PageWindow<E extends HTMLElement> {
  /** On the element whose top is where item 0 starts; its focus handlers keep a focused item mounted. */
  listProps: {
    ref: (el: E | null) => void;
    onFocus: (e: FocusEvent<E>) => void;
    onBlur: (e: FocusEvent<E>) => void;
  };
  items: PageWindowItem[];
  /** Space above the first mounted item. */
  padTop: number;
  /** Space below the last mounted item. */
  padBottom: number;
  /** Ref for each mounted item's outer element, which must carry `data-index={item.index}`. */
  measureRef: (el: Element | null) => void;
}

export interface PageWindowOptions {
  count: number;
  getItemKey: (index: number) => string | number;
  estimateSize: (index: number) => number;
  /** Average item height (px) to turn the overscan distance into a count. */
  averageSize?: number;
}

const noMeasure = (): void => undefined;

/** The list's top in page coordinates (the virtualizer's scrollMargin). */
function pageTop(el: HTMLElement): number {
  return el.getBoundingClientRect().top + window.scrollY;
}

export function usePageWindow<E extends HTMLElement>({
  count,
  getItemKey,
  estimateSize,
  averageSize = 80,
}: PageWindowOptions): PageWindow<E> {
  const listEl = useRef<E | null>(null);
  const [margin, setMargin] = useState(0);
  const focused = useRef<number | null>(null);

  // Content above the list (banners, tier bars) can change height: the margin is re-read after
  // each render of the list (below), which every move of the window causes.
  const syncMargin = useCallback(() => {
    const el = listEl.current;
    if (!el) return;
    const top = pageTop(el);
    setMargin((prev) => (Math.abs(prev - top) > 0.5 ? top : prev));
  }, []);

  const rangeExtractor = useCallback((range: Range) => {
    const indexes = defaultRangeExtractor(range);
    const f = focused.current;
    if (f === null || f >= range.count || indexes.includes(f)) return indexes;
    return [...indexes, f].sort((a, b) => a - b);
  }, []);

  // Sizes come from the virtualizer's ResizeObserver (batched, after layout), never from reading
  // a row's height as it mounts: that read would force a layout per scroll step. Until then a row
  // keeps its cached size or the estimate. A size of 0 (jsdom, a row rendering nothing) keeps them too.
  const measureElement = useCallback(
    (el: Element, entry: ResizeObserverEntry | undefined, instance: Virtualizer<Window, Element>) => {
      const index = instance.indexFromElement(el);
      const known = instance.itemSizeCache.get(instance.options.getItemKey(index)) ?? estimateSize(index);
      const size = entry?.borderBoxSize?.[0]?.blockSize ?? 0;
      return size > 0 ? Math.round(size) : known;
    },
    [estimateSize],
  );

  // A short list mounts whole anyway: the virtualizer stays off, so its mount (a scrollTo), the
  // margin's read and a ResizeObserver per row do not force two layouts of the page before its
  // first paint (issue 21: ~0.5 s at 4× CPU on the 20-line cart).
  const windowing = count > PAGE_WINDOW_ALL_UP_TO;
  const virtualizer = useWindowVirtualizer({
    enabled: windowing,
    count,
    getItemKey,
    estimateSize,
    measureElement,
    rangeExtractor,
    scrollMargin: margin,
    overscan: Math.ceil(PAGE_WINDOW_OVERSCAN_PX / averageSize),
    indexAttribute: INDEX_ATTRIBUTE,
    // A scroll re-renders in the next batch, not synchronously inside the scroll event.
    useFlushSync: false,
  });

  // After every render of the list (the window moved, items changed): one layout read, when the
  // browser lays out for the new rows anyway.
  useLayoutEffect(() => {
    if (windowing) syncMargin();
  });

  const ref = useCallback((el: E | null) => {
    listEl.current = el;
  }, []);
  const onFocus = useCallback((e: FocusEvent<E>) => {
    const item = (e.target as Element).closest(`[${INDEX_ATTRIBUTE}]`);
    focused.current = item ? Number(item.getAttribute(INDEX_ATTRIBUTE)) : null;
  }, []);
  const onBlur = useCallback((e: FocusEvent<E>) => {
    // Focus leaving the list (not moving between its items) frees the item to unmount.
    if (!(e.relatedTarget instanceof Node) || !e.currentTarget.contains(e.relatedTarget)) focused.current = null;
  }, []);
  const listProps = useMemo(() => ({ ref, onFocus, onBlur }), [ref, onFocus, onBlur]);

  if (!windowing) {
    const all = Array.from({ length: count }, (_, index): PageWindowItem => ({
      index,
      key: getItemKey(index),
      gapBefore: 0,
    }));
    return { listProps, items: all, padTop: 0, padBottom: 0, measureRef: noMeasure };
  }
  const virtualItems = virtualizer.getVirtualItems();
  const padTop = virtualItems.length > 0 ? Math.max(0, virtualItems[0].start - margin) : 0;
  let end = margin + padTop;
  const items = virtualItems.map((v): PageWindowItem => {
    const item = { index: v.index, key: v.key as string | number, gapBefore: Math.max(0, v.start - end) };
    end = v.end;
    return item;
  });
  const padBottom = Math.max(0, virtualizer.getTotalSize() + margin - end);
  return { listProps, items, padTop, padBottom, measureRef: virtualizer.measureElement };
}
