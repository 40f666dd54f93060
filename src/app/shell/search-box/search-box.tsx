// The header search box (SPEC §2 "Search box", §4 "Search suggestion", §5 "Search"): a type radio
// (药品名称 / 生产厂家), an ARIA 1.2 combobox with a suggestion listbox, and hot-search links.
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { useRouter } from '@tanstack/react-router';
import { SUGGEST_BLUR_CLOSE_MS } from '../../../domain/constants';
import type { SearchType } from '../../../domain/contracts';
import { SearchIcon } from '../icons';
import { ShellLink } from '../shell-link';
import { dropdownView, searchUrl, submitKeyword } from './suggest-state';
import { useSearchSuggest } from './use-search-suggest';
import styles from './search-box.module.css';

export const SEARCH_TYPES: readonly { value: SearchType; label: string; placeholder: string }[] = [
  { value: 1, label: '药品名称', placeholder: '请输入药品名称或拼音首字母，如 gml' },
  { value: 2, label: '生产厂家', placeholder: '请输入生产厂家名称或拼音首字母，如 hrsj' },
];

/** Hot searches shown under the box; the rest stay in the data (the row has one line). */
const HOT_WORDS_SHOWN = 8;

export interface SearchBoxProps {
  hotWords: readonly string[];
  /** On search pages the box mirrors the URL's keyword and type. */
  current?: { keywords: string; type: SearchType } | null;
  /** The compact search-top bar hides the radio row and hot words (by CSS: no remount, focus kept). */
  compact?: boolean;
}

export function SearchBox({ hotWords, current = null, compact = false }: SearchBoxProps) {
  const router = useRouter();
  const [state, dispatch] = useSearchSuggest({ text: current?.keywords, type: current?.type });
  const baseId = useId();
  const listboxId = `${baseId}-listbox`;
  const optionId = (index: number) => `${baseId}-option-${index}`;
  const clickingSuggestion = useRef(false);
  const blurTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const currentKeywords = current?.keywords;
  const currentType = current?.type;
  useEffect(() => {
    if (currentKeywords !== undefined && currentType !== undefined) {
      dispatch({ type: 'sync', text: currentKeywords, searchType: currentType });
    }
  }, [currentKeywords, currentType, dispatch]);

  useEffect(() => () => clearTimeout(blurTimer.current), []);

  const view = dropdownView(state);
  const expanded = view !== 'hidden';
  const placeholder = SEARCH_TYPES.find((t) => t.value === state.type)?.placeholder ?? '';

  const go = (keyword: string) => {
    dispatch({ type: 'submit', keyword });
    void router.navigate({ href: searchUrl(keyword, state.type) });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    // IME composition (pinyin input) uses Enter and arrows for its own candidate list.
    if (e.nativeEvent.isComposing) return;
    switch (e.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        e.preventDefault();
        dispatch({ type: 'move', delta: e.key === 'ArrowDown' ? 1 : -1 });
        break;
      case 'Enter': {
        e.preventDefault();
        const keyword = submitKeyword(state);
        if (keyword !== null) go(keyword);
        break;
      }
      case 'Escape':
        if (expanded) {
          e.preventDefault();
          dispatch({ type: 'close' });
        }
        break;
    }
  };

  return (
    <div className={compact ? `${styles.box} ${styles.compact}` : styles.box}>
      {/* Native radios, not radix RadioGroup: the same radiogroup semantics and arrow keys with
          no script on the home page's first-paint budget. */}
      <fieldset className={styles.types}>
        <legend className={styles.visuallyHidden}>搜索类型</legend>
        {SEARCH_TYPES.map((t) => (
          <label key={t.value} className={styles.type}>
            <input
              type="radio"
              name={`${baseId}-type`}
              className={styles.typeInput}
              value={t.value}
              checked={state.type === t.value}
              onChange={() => dispatch({ type: 'setType', searchType: t.value })}
            />
            <span>{t.label}</span>
          </label>
        ))}
      </fieldset>
      {/* action and names: before the page has hydrated (a drawn page's script comes after its
          paint) the browser submits the same search as a page load. */}
      <form
        role="search"
        action="/search"
        className={styles.form}
        onSubmit={(e) => {
          e.preventDefault();
          const keyword = state.text.trim();
          if (keyword !== '') go(keyword);
        }}
      >
        <div className={styles.field}>
          <input
            className={styles.input}
            type="search"
            name="keywords"
            role="combobox"
            aria-label={state.type === 2 ? '按生产厂家搜索' : '按药品名称搜索'}
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listboxId}
            aria-activedescendant={view === 'list' && state.highlight >= 0 ? optionId(state.highlight) : undefined}
            autoComplete="off"
            enterKeyHint="search"
            placeholder={placeholder}
            value={state.text}
            onChange={(e) => dispatch({ type: 'input', text: e.target.value })}
            onFocus={() => {
              clearTimeout(blurTimer.current);
              dispatch({ type: 'focus' });
            }}
            onBlur={() => {
              if (clickingSuggestion.current) {
                // SPEC §4: a suggestion being clicked keeps the list long enough for the click to land.
                blurTimer.current = setTimeout(() => {
                  clickingSuggestion.current = false;
                  dispatch({ type: 'close' });
                }, SUGGEST_BLUR_CLOSE_MS);
              } else {
                dispatch({ type: 'close' });
              }
            }}
            onKeyDown={onKeyDown}
          />
          {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions -- marks a pointer press on a suggestion so the input's blur does not close the list first; the keyboard never blurs into it */}
          <div
            className={styles.dropdown}
            hidden={!expanded}
            onMouseDown={() => {
              clickingSuggestion.current = true;
            }}
          >
            {(view === 'loading' || view === 'empty') && (
              <p className={styles.status} role="status">
                {view === 'loading' ? '搜索中...' : '暂无数据'}
              </p>
            )}
            {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-to-interactive-role -- the WAI-ARIA combobox pattern: a listbox the input drives through aria-activedescendant */}
            <ul id={listboxId} role="listbox" aria-label="搜索建议" className={styles.list} hidden={view !== 'list'}>
              {view === 'list' &&
                state.items.map((item, index) => (
                  // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the input owns the keys (arrows, Enter) of the combobox
                  <li
                    key={`${item.id ?? 'm'}-${item.keyword}-${index}`}
                    id={optionId(index)}
                    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-to-interactive-role -- the combobox's options
                    role="option"
                    aria-selected={index === state.highlight}
                    className={index === state.highlight ? `${styles.option} ${styles.active}` : styles.option}
                    onMouseEnter={() => dispatch({ type: 'hover', index })}
                    onClick={() => {
                      clickingSuggestion.current = false;
                      go(item.keyword);
                    }}
                  >
                    <span className={styles.optionName}>{item.name}</span>
                    {(item.ypgg || item.sccj) && (
                      <span className={styles.optionMeta}>{[item.ypgg, item.sccj].filter(Boolean).join(' · ')}</span>
                    )}
                  </li>
                ))}
            </ul>
          </div>
        </div>
        <input type="hidden" name="type" value={state.type} />
        <button type="submit" className={styles.submit}>
          <SearchIcon size={18} />
          <span>搜索</span>
        </button>
      </form>
      {hotWords.length > 0 && (
        <div className={styles.hot}>
          <span className={styles.hotLabel}>热搜：</span>
          {hotWords.slice(0, HOT_WORDS_SHOWN).map((word) => (
            <ShellLink key={word} href={searchUrl(word, 1)} className={styles.hotLink}>
              {word}
            </ShellLink>
          ))}
        </div>
      )}
    </div>
  );
}
