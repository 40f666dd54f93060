// What a mutation tells the buyer when it succeeds (SPEC §8 toasts). api/ only describes it, in the
// mutation's meta; the app's MutationCache shows it (src/app/query-client.ts), so api/ needs no UI.
export interface SuccessNotice {
  message: string;
  tone: 'success' | 'info';
}

type NoticeOf<TData> = (data: TData) => SuccessNotice | null;

/** `meta: successNotice((data) => …)` on a mutation; null says nothing. */
export function successNotice<TData>(notice: NoticeOf<TData>): { successNotice: NoticeOf<TData> } {
  return { successNotice: notice };
}

/** The notice a mutation's meta asks for after it succeeded with `data`, if any. */
export function successNoticeOf(meta: Record<string, unknown> | undefined, data: unknown): SuccessNotice | null {
  const notice = meta?.successNotice;
  // The meta was built by successNotice() for this mutation's own data type.
  return typeof notice === 'function' ? (notice as NoticeOf<unknown>)(data) : null;
}
