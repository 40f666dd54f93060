// The contract between a drawn page's inline loader (server/http/ssr.ts ENTRY_LOADER), which keeps
// the taps and typing that land before the page's script has started hydrating, and the app, which
// replays them once hydration has committed (src/app/early-taps.ts; docs/decisions/early-taps.md).

/** window property holding the kept taps, in the order they happened. */
export const EARLY_TAPS = '__kyEarlyTaps';
/** window property the app sets right before hydrateRoot: from then on React itself answers (and replays) events. */
export const HYDRATING = '__kyHydrating';
/**
 * On a control, repeated taps before hydration count once: the buyer saw nothing happen and
 * tapped again (加入购物车 must not add twice; a favourite tapped twice must not toggle back).
 */
export const TAP_ONCE_ATTRIBUTE = 'data-tap-once';

/** A kept tap: a click on a button, or the text last typed into a field. */
export type EarlyTap = { kind: 'click'; el: Element } | { kind: 'input'; el: Element; value: string };

/** Spread on such a control: `<button {...TAP_ONCE_PROPS}>`. */
export const TAP_ONCE_PROPS: Readonly<Record<string, string>> = { [TAP_ONCE_ATTRIBUTE]: '' };
