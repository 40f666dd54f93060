// Tap targets at phone width (issue 21 §5, docs/decisions/phones.md "Tap targets"): the rule the
// phone-width walk applies to every route, in one function run inside the page (one
// page.evaluate per route measures every element). It must stay self-contained: Playwright sends
// its source text to the browser, so it may use nothing from this module's scope.

/** The smallest tap target on a phone (WCAG 2.5.5 AAA; Lighthouse asks 48, Apple's HIG 44). */
export const MIN_TAP_PX = 44;

/**
 * Every visible interactive element smaller than `min`×`min` CSS px that no exemption covers, one
 * line each: its name (aria-label or text), tag and classes, size. The exemptions, exactly:
 * - not visible: no box, a box of at most 2 px a side (visually-hidden inputs and skip links),
 *   `visibility: hidden`, opacity 0, or inside a closed <details> / [inert] / [aria-hidden=true];
 * - `tabindex="-1"` on an element that is not itself a control (a focus target, not a tap target);
 * - the target is large enough through its label: a checkbox, radio or field counts the box of
 *   each of its <label>s (tapping a label activates its control), or through an absolutely
 *   positioned ::before/::after of its own (a "stretched link" covering its card);
 * - an inline link in a sentence: an <a> laid out `display: inline` whose nearest block holds
 *   text of its own outside any control (WCAG 2.5.5 "Inline");
 * - spacing: a min×min square centred on the target overlaps no other target's box (the
 *   finger that misses it hits nothing else; WCAG 2.5.8's spacing rule at 44 px, Lighthouse's idea).
 * Targets nested in each other (a button inside a link) are one target: the outer one's box counts
 * for spacing, and each is measured on its own box.
 */
export function smallTapTargets(min: number): string[] {
  const SELECTOR = 'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [tabindex]';
  const CONTROL = 'a[href], button, input, select, textarea, [role="button"], summary';

  const hidden = (el: Element): boolean => {
    if (el.closest('[inert], [aria-hidden="true"], details:not([open]) > :not(summary)')) return true;
    let node: Element | null = el;
    while (node) {
      const style = getComputedStyle(node);
      if (style.visibility === 'hidden' || style.display === 'none' || style.opacity === '0') return true;
      node = node.parentElement;
    }
    return false;
  };

  const nameOf = (el: Element): string => {
    const labels = [...((el as HTMLInputElement).labels ?? [])].map((l) => l.innerText);
    const label =
      el.getAttribute('aria-label') ?? el.getAttribute('title') ?? el.getAttribute('placeholder') ?? labels[0] ?? null;
    return (label ?? (el as HTMLElement).innerText ?? el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 24);
  };

  /** Tag, input type and CSS-module classes; the module's name is in the hashed class (e.g. _button_1b40y_8). */
  const kindOf = (el: Element): string => {
    const type = el instanceof HTMLInputElement ? `[type=${el.type}]` : '';
    const classes = [...el.classList]
      .slice(0, 3)
      .map((c) => `.${c}`)
      .join('');
    const parent = el.parentElement
      ? [...el.parentElement.classList]
          .slice(0, 1)
          .map((c) => ` in .${c}`)
          .join('')
      : '';
    return `${el.tagName.toLowerCase()}${type}${classes}${parent}`;
  };

  /** Flows with its parent's text: `display: inline` (or `contents`, which has no box). */
  const flowsInline = (el: Element): boolean => ['inline', 'contents'].includes(getComputedStyle(el).display);

  /** An <a> set in running text: the box its line belongs to holds text of its own, in the same line flow, outside every control. */
  const inSentence = (el: Element): boolean => {
    if (el.tagName !== 'A' || !flowsInline(el)) return false;
    let block = el.parentElement;
    while (block && flowsInline(block)) block = block.parentElement;
    if (!block) return false;
    const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      const parent = text.parentElement;
      if (!text.textContent?.trim() || !parent || parent.closest(CONTROL)) continue;
      let up: Element | null = parent;
      while (up && up !== block && flowsInline(up)) up = up.parentElement;
      if (up === block) return true;
    }
    return false;
  };

  /**
   * The box of an absolutely positioned ::before/::after, the "stretched link" hit area (e.g. a
   * brand card whose name link covers the card with `::after { position: absolute; inset: 0 }`).
   */
  const pseudoBox = (el: Element, which: '::before' | '::after'): DOMRect | null => {
    const style = getComputedStyle(el, which);
    if (style.content === 'none' || style.content === 'normal' || style.display === 'none') return null;
    if (style.position !== 'absolute' || style.visibility === 'hidden') return null;
    let block: Element | null = el;
    while (block && getComputedStyle(block).position === 'static') block = block.parentElement;
    const frame = (block ?? document.documentElement).getBoundingClientRect();
    const inner = block ?? document.documentElement;
    const px = (v: string) => Number.parseFloat(v);
    const left = frame.left + inner.clientLeft + px(style.left);
    const top = frame.top + inner.clientTop + px(style.top);
    const width =
      px(style.width) +
      px(style.paddingLeft) +
      px(style.paddingRight) +
      px(style.borderLeftWidth) +
      px(style.borderRightWidth);
    const height =
      px(style.height) +
      px(style.paddingTop) +
      px(style.paddingBottom) +
      px(style.borderTopWidth) +
      px(style.borderBottomWidth);
    if (![left, top, width, height].every(Number.isFinite)) return null;
    return new DOMRect(left, top, width, height);
  };

  const boxesOf = (el: Element): DOMRect[] => {
    const boxes = [el.getBoundingClientRect()];
    for (const which of ['::before', '::after'] as const) {
      const box = pseudoBox(el, which);
      if (box) boxes.push(box);
    }
    const labels = (el as HTMLInputElement).labels;
    if (labels) for (const label of labels) if (!hidden(label)) boxes.push(label.getBoundingClientRect());
    return boxes;
  };

  const candidates = [...document.body.querySelectorAll(SELECTOR)].filter((el) => {
    if (el.getAttribute('tabindex') === '-1' && !el.matches(CONTROL)) return false;
    const box = el.getBoundingClientRect();
    if (box.width <= 2 || box.height <= 2) {
      // A visually-hidden checkbox still counts when its label is what the buyer taps.
      const labels = (el as HTMLInputElement).labels;
      return !!labels && [...labels].some((label) => !hidden(label) && label.getBoundingClientRect().width > 2);
    }
    return !hidden(el);
  });
  // Spacing is judged against the outermost targets (a control inside a link is part of it).
  const outer = candidates.filter((el) => !candidates.some((other) => other !== el && other.contains(el)));
  const outerBoxes = outer.map((el) => ({ el, boxes: boxesOf(el) }));

  // One line per kind of element (tag, classes, size) with how many there are: a list of 20 goods
  // tiles fails once, not 60 times.
  const problems = new Map<string, { first: string; count: number }>();
  for (const el of candidates) {
    const boxes = boxesOf(el);
    if (boxes.some((b) => b.width >= min - 0.5 && b.height >= min - 0.5)) continue;
    if (inSentence(el)) continue;
    const own = boxes[0]!;
    const cx = own.left + own.width / 2;
    const cy = own.top + own.height / 2;
    const half = min / 2;
    const labels = [...((el as HTMLInputElement).labels ?? [])];
    const crowded = outerBoxes.some(({ el: other, boxes: otherBoxes }) => {
      if (other === el || other.contains(el) || el.contains(other)) return false;
      // The control's own label is part of this target, not a neighbour.
      if (labels.some((l) => l === other || l.contains(other))) return false;
      return otherBoxes.some(
        (b) => b.width > 0 && b.left < cx + half && b.right > cx - half && b.top < cy + half && b.bottom > cy - half,
      );
    });
    if (!crowded) continue;
    const size = `${Math.round(own.width)}×${Math.round(own.height)}`;
    const kind = `${kindOf(el)} ${size}`;
    const seen = problems.get(kind);
    if (seen) seen.count += 1;
    else problems.set(kind, { first: `${kindOf(el)} "${nameOf(el)}" ${size}`, count: 1 });
  }
  return [...problems.values()].map(({ first, count }) => (count > 1 ? `${first} (×${count})` : first));
}
