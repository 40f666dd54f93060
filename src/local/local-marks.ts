// What the shell and shared UI show while the device knows more than the server's last answer:
// the cart badge counts the draft's lines while cart changes are queued, and a heart shows the
// buyer's own favourite change until it is synced (and, offline, the device's last known state
// rather than a cached response's). Pure, so the rules are unit-tested without a store.

/** The cart draft as the header badge needs it. */
export interface CartDraftCount {
  /** Cart changes are queued: the server's count does not include them yet. */
  pending: boolean;
  /** The draft was copied from the server's cart at least once (else it holds only local lines). */
  seeded: boolean;
  lines: number;
  /** Lines that exist only on this device (their add is not acknowledged yet). */
  localLines: number;
}

/** The device's word on one goods' favourite state. */
export interface FavoriteMark {
  on: boolean;
  /** The change is still in the outbox. */
  pending: boolean;
}

/**
 * Lines in the cart as the buyer should see them. While changes are queued the draft is the truth
 * (it is the server's cart plus those changes); before the draft was ever copied from the server
 * it holds only this device's new lines, which are added to the server's last count. `serverCount`
 * null: not known (no user base, e.g. the app started offline).
 */
export function cartCountWithDraft(serverCount: number | null, draft: CartDraftCount | null): number {
  // Started offline the server's count is unknown: the draft is the best knowledge there is.
  if (serverCount === null) return draft ? (draft.seeded ? draft.lines : draft.localLines) : 0;
  if (!draft || !draft.pending) return serverCount;
  return draft.seeded ? draft.lines : serverCount + draft.localLines;
}

/**
 * The heart's state: a queued change always wins; offline the device's last known state wins over
 * the (possibly old) cached response; online the server's fresh answer wins.
 */
export function favoriteShown(serverValue: boolean, mark: FavoriteMark | undefined, online: boolean): boolean {
  if (!mark) return serverValue;
  return mark.pending || !online ? mark.on : serverValue;
}
