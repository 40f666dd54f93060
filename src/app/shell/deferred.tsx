// Keeps interaction-only UI off the first-paint bundle (DESIGN.md: home ≤ 170 KiB gzip JS).
// Popovers (radix Popover pulls in floating-ui) load when the browser is idle after first paint;
// until then their trigger is a plain button that loads and opens on click.
import {
  startTransition,
  useEffect,
  useId,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type MouseEvent,
  type ReactNode,
} from 'react';
import type { Deferred } from '../../domain/deferred';

/** Upper bound for waiting on an idle period before loading anyway. */
const IDLE_TIMEOUT_MS = 3_000;

export function whenIdle(fn: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(fn, { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(fn, 0);
  return () => clearTimeout(id);
}

export interface TriggerSpec {
  /** Set by DeferredPopover; the real trigger must carry it so focus can move across the swap. */
  id?: string;
  className?: string;
  label?: string;
  content: ReactNode;
  /** Runs first on every click; `preventDefault()` keeps the popover closed. */
  onClick?: (e: MouseEvent<HTMLButtonElement>) => void;
}

/** What a deferred popover module renders: the real trigger plus its content. */
export type PopoverImpl<P> = ComponentType<P & { trigger: TriggerSpec; defaultOpen: boolean }>;

export interface DeferredPopoverProps<P extends object> {
  impl: Deferred<PopoverImpl<P>>;
  props: P;
  trigger: TriggerSpec;
}

const unchanging = () => () => undefined;
const notLoaded = () => null;

export function DeferredPopover<P extends object>({ impl, props, trigger }: DeferredPopoverProps<P>) {
  const id = useId();
  // A module another part already loaded is used at once — except while hydrating a page the
  // server drew (with the plain trigger): the first render must match it, the next one swaps.
  const loadedBefore = useSyncExternalStore(unchanging, impl.current, notLoaded);
  const [loadedHere, setImpl] = useState<PopoverImpl<P> | null>(null);
  const Impl = loadedHere ?? loadedBefore;
  const [openOnLoad, setOpenOnLoad] = useState(false);
  const [refocus, setRefocus] = useState(false);

  useEffect(() => {
    if (Impl) return;
    let live = true;
    const cancel = whenIdle(() => {
      impl.load().then(
        (c) => {
          if (!live) return;
          // The swap to the real popover (radix's trigger, anchor and presence) in slices: at 4× CPU
          // it was one 70 ms task after the page was drawn (issue 36). A click does not wait.
          startTransition(() => {
            // A keyboard user resting on the placeholder keeps focus on the real trigger.
            setRefocus(document.activeElement?.id === id);
            setImpl(() => c);
          });
        },
        () => undefined,
      );
    });
    return () => {
      live = false;
      cancel();
    };
  }, [Impl, impl, id]);

  useEffect(() => {
    if (Impl && refocus) document.getElementById(id)?.focus();
  }, [Impl, refocus, id]);

  if (Impl) return <Impl {...props} trigger={{ ...trigger, id }} defaultOpen={openOnLoad} />;
  return (
    <button
      type="button"
      id={id}
      className={trigger.className}
      aria-label={trigger.label}
      aria-haspopup="dialog"
      aria-expanded={false}
      onClick={(e) => {
        trigger.onClick?.(e);
        if (e.defaultPrevented) return;
        setOpenOnLoad(true);
        impl.load().then(
          (c) => setImpl(() => c),
          () => setOpenOnLoad(false),
        );
      }}
    >
      {trigger.content}
    </button>
  );
}
