// Pure state of the search-suggestion combobox (SPEC §4 "Search suggestion", §5 "Search"):
// what is typed, which list answers it, what is highlighted, whether a search is pending, and
// the cache freshness rule. No timers or fetches here, so every rule is unit-testable.
import { SUGGEST_CACHE_MS } from '../../../domain/constants';
import type { SearchSuggestion, SearchType } from '../../../domain/contracts';

export interface SuggestRequest {
  type: SearchType;
  keyword: string;
  /** Bumped for every request so asking again for the same keyword re-runs the search. */
  seq: number;
}

export interface SuggestState {
  text: string;
  type: SearchType;
  open: boolean;
  items: readonly SearchSuggestion[];
  /** The (type, keyword) that `items` answer; null before any answer. */
  itemsFor: Pick<SuggestRequest, 'type' | 'keyword'> | null;
  /** The search waiting for its debounce or its answer. */
  pending: SuggestRequest | null;
  /** Index into `items`, -1 for none. */
  highlight: number;
  seq: number;
}

export type SuggestAction =
  | { type: 'input'; text: string }
  | { type: 'setType'; searchType: SearchType }
  | { type: 'focus' }
  | { type: 'close' }
  | { type: 'move'; delta: 1 | -1 }
  | { type: 'hover'; index: number }
  | {
      type: 'results';
      request: Pick<SuggestRequest, 'type' | 'keyword'>;
      items: readonly SearchSuggestion[];
      final: boolean;
    }
  | { type: 'failed'; request: Pick<SuggestRequest, 'type' | 'keyword'> }
  /** The keyword that was submitted (picked suggestion or trimmed text) replaces the text. */
  | { type: 'submit'; keyword: string }
  /** The URL changed under a search page: show its keyword without opening anything. */
  | { type: 'sync'; text: string; searchType: SearchType };

export function initSuggestState(init: { text?: string; type?: SearchType } = {}): SuggestState {
  return {
    text: init.text ?? '',
    type: init.type ?? 1,
    open: false,
    items: [],
    itemsFor: null,
    pending: null,
    highlight: -1,
    seq: 0,
  };
}

/** Next highlight for an arrow key: wraps past either end; from "none" Down goes first, Up goes last. */
export function wrapIndex(current: number, delta: 1 | -1, length: number): number {
  if (length <= 0) return -1;
  if (current < 0 || current >= length) return delta > 0 ? 0 : length - 1;
  return (current + delta + length) % length;
}

export type CacheStatus = 'miss' | 'fresh' | 'stale';

/** SPEC §4: a cached answer older than SUGGEST_CACHE_MS is shown but fetched again. */
export function suggestCacheStatus(
  updatedAt: number | undefined,
  now: number,
  maxAgeMs = SUGGEST_CACHE_MS,
): CacheStatus {
  if (updatedAt === undefined || updatedAt <= 0) return 'miss';
  return now - updatedAt < maxAgeMs ? 'fresh' : 'stale';
}

export function keywordOf(state: Pick<SuggestState, 'text'>): string {
  return state.text.trim();
}

function sameRequest(a: Pick<SuggestRequest, 'type' | 'keyword'> | null, state: SuggestState): boolean {
  return a !== null && a.type === state.type && a.keyword === keywordOf(state);
}

/** The list answers what is in the box now (possibly while a refresh is pending). */
export function itemsAreCurrent(state: SuggestState): boolean {
  return sameRequest(state.itemsFor, state);
}

export type DropdownView = 'hidden' | 'loading' | 'empty' | 'list';

export function dropdownView(state: SuggestState): DropdownView {
  if (!state.open || keywordOf(state) === '') return 'hidden';
  if (itemsAreCurrent(state)) return state.items.length > 0 ? 'list' : 'empty';
  if (state.pending) return 'loading';
  return 'empty';
}

/** What Enter submits: the highlighted suggestion's keyword, else the trimmed text; null if nothing. */
export function submitKeyword(state: SuggestState): string | null {
  if (dropdownView(state) === 'list' && state.highlight >= 0 && state.highlight < state.items.length) {
    return state.items[state.highlight].keyword.trim() || null;
  }
  const keyword = keywordOf(state);
  return keyword === '' ? null : keyword;
}

function request(state: SuggestState): SuggestState {
  const keyword = keywordOf(state);
  if (keyword === '') return clearAndClose(state);
  const seq = state.seq + 1;
  return { ...state, seq, pending: { type: state.type, keyword, seq } };
}

/** SPEC §5: an empty keyword clears the stored suggestions and closes the dropdown. */
function clearAndClose(state: SuggestState): SuggestState {
  return { ...state, open: false, items: [], itemsFor: null, pending: null, highlight: -1 };
}

export function suggestReducer(state: SuggestState, action: SuggestAction): SuggestState {
  switch (action.type) {
    case 'input': {
      const next = { ...state, text: action.text, highlight: -1 };
      if (keywordOf(next) === '') return clearAndClose(next);
      // Only a change of keyword searches again; trailing spaces do not.
      if (keywordOf(next) === keywordOf(state) && (state.pending || itemsAreCurrent(state)))
        return { ...next, open: true };
      return request({ ...next, open: true });
    }
    case 'setType': {
      if (action.searchType === state.type) return state;
      const next = { ...state, type: action.searchType, highlight: -1 };
      return keywordOf(next) === '' ? next : request(next);
    }
    case 'focus': {
      if (keywordOf(state) === '') return state;
      const opened = { ...state, open: true };
      return itemsAreCurrent(state) || state.pending ? opened : request(opened);
    }
    case 'close':
      return state.open || state.highlight !== -1 ? { ...state, open: false, highlight: -1 } : state;
    case 'move': {
      const view = dropdownView({ ...state, open: true });
      if (view !== 'list') return state;
      if (!state.open) return { ...state, open: true };
      return { ...state, highlight: wrapIndex(state.highlight, action.delta, state.items.length) };
    }
    case 'hover':
      return action.index === state.highlight ? state : { ...state, highlight: action.index };
    case 'results': {
      if (!sameRequest(action.request, state)) return state;
      return {
        ...state,
        items: action.items,
        itemsFor: { type: action.request.type, keyword: action.request.keyword },
        pending: action.final ? null : state.pending,
        // A refreshed list may be shorter: keep the highlight only while it still points at a row.
        highlight: state.highlight < action.items.length ? state.highlight : -1,
      };
    }
    case 'failed':
      if (!sameRequest(action.request, state)) return state;
      return {
        ...state,
        items: [],
        itemsFor: { type: action.request.type, keyword: action.request.keyword },
        pending: null,
        highlight: -1,
      };
    case 'submit':
      return { ...state, text: action.keyword, open: false, highlight: -1, pending: null };
    case 'sync':
      if (action.text === state.text && action.searchType === state.type) return state;
      return { ...state, text: action.text, type: action.searchType, open: false, highlight: -1, pending: null };
  }
}

/** The search page URL (SPEC §5: the keyword is trimmed). */
export function searchUrl(keyword: string, type: SearchType): string {
  return `/search?keywords=${encodeURIComponent(keyword.trim())}&type=${type}`;
}
