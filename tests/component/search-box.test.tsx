// The header search box against SPEC §4 "Search suggestion" and §5 "Search": debounce, arrow
// wrap, Enter with the trimmed keyword, Escape, empty keyword, cache freshness, ARIA combobox.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchSuggestion } from '../../src/domain/contracts';
import { SearchBox } from '../../src/app/shell/search-box/search-box';
import { renderInApp } from './shell-harness';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../src/http/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/http/client')>()),
  http,
}));

const suggestion = (name: string, keyword = name): SearchSuggestion => ({
  id: 1,
  keyword,
  name,
  sccj: '华润三九',
  ypgg: '10g*9袋',
});
const GML = [suggestion('感冒灵颗粒'), suggestion('感冒灵胶囊'), suggestion('感冒灵片')];

function searchCalls() {
  return http.get.mock.calls.filter(([path]) => path === 'goods/search');
}

async function setup(initial = '/') {
  const utils = renderInApp(<SearchBox hotWords={['感冒灵', '布洛芬']} />, { initial });
  const input = await screen.findByRole('combobox');
  // Fake time from here on (the router mounted on real timers): only elapse() moves the clock.
  vi.useFakeTimers();
  return { ...utils, input };
}

/** Let the debounce elapse and the (mocked) request resolve. */
async function elapse(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

beforeEach(() => {
  http.get.mockImplementation((path: string, params?: { keywords?: string; type?: number }) => {
    if (path !== 'goods/search') return Promise.reject(new Error(`unexpected ${path}`));
    if (params?.keywords === 'gml') return Promise.resolve(GML);
    return Promise.resolve([]);
  });
});

afterEach(() => {
  vi.useRealTimers();
  http.get.mockReset();
});

describe('search box', () => {
  it('renders the type radio, the pinyin placeholder and hot-search links', async () => {
    const { input } = await setup();
    expect((screen.getByRole('radio', { name: '药品名称' }) as HTMLInputElement).checked).toBe(true);
    expect(input.getAttribute('placeholder')).toContain('拼音首字母');
    expect(screen.getByRole('link', { name: '感冒灵' }).getAttribute('href')).toBe(
      `/search?keywords=${encodeURIComponent('感冒灵')}&type=1`,
    );
  });

  it('searches once, 500 ms (SPEC §4) after the last keystroke, showing 搜索中... meanwhile', async () => {
    const { input } = await setup();
    fireEvent.change(input, { target: { value: 'g' } });
    fireEvent.change(input, { target: { value: 'gm' } });
    fireEvent.change(input, { target: { value: 'gml' } });
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('搜索中...')).toBeTruthy();
    await elapse(499);
    expect(searchCalls()).toHaveLength(0);
    await elapse(1);
    expect(searchCalls()).toEqual([['goods/search', { keywords: 'gml', type: 1 }]]);
    const listbox = screen.getByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      expect.stringContaining('感冒灵颗粒'),
      expect.stringContaining('感冒灵胶囊'),
      expect.stringContaining('感冒灵片'),
    ]);
  });

  it('shows 暂无数据 when nothing matches', async () => {
    const { input } = await setup();
    fireEvent.change(input, { target: { value: 'zzzz' } });
    await elapse(500);
    expect(screen.getByText('暂无数据')).toBeTruthy();
  });

  it('moves the highlight with ArrowDown/ArrowUp, wrapping at both ends, via aria-activedescendant', async () => {
    const { input } = await setup();
    fireEvent.change(input, { target: { value: 'gml' } });
    await elapse(500);
    const options = screen.getAllByRole('option');
    const active = () => input.getAttribute('aria-activedescendant');

    expect(active()).toBeNull();
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(active()).toBe(options[0].id);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(active()).toBe(options[2].id);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(active()).toBe(options[0].id);
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(active()).toBe(options[2].id);
    expect(screen.getAllByRole('option')[2].getAttribute('aria-selected')).toBe('true');
  });

  it('Enter submits the trimmed text to /search with the chosen type', async () => {
    const { input, router } = await setup();
    fireEvent.click(screen.getByRole('radio', { name: '生产厂家' }));
    fireEvent.change(input, { target: { value: '  华润三九  ' } });
    await act(async () => {
      fireEvent.keyDown(input, { key: 'Enter' });
    });
    expect(router.state.location.pathname).toBe('/search');
    expect(router.state.location.search).toEqual({ keywords: '华润三九', type: 2 });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect((input as HTMLInputElement).value).toBe('华润三九');
  });

  it('Enter on a highlighted suggestion submits that suggestion', async () => {
    const { input, router } = await setup();
    fireEvent.change(input, { target: { value: 'gml' } });
    await elapse(500);
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    await act(async () => {
      fireEvent.keyDown(input, { key: 'Enter' });
    });
    expect(router.state.location.search).toEqual({ keywords: '感冒灵片', type: 1 });
  });

  it('Escape closes the list; focus reopens it when text exists', async () => {
    const { input } = await setup();
    fireEvent.change(input, { target: { value: 'gml' } });
    await elapse(500);
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('listbox')).toBeNull();
    fireEvent.blur(input);
    fireEvent.focus(input);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByRole('option')).toHaveLength(3);
  });

  it('an empty (or blank) keyword clears the suggestions and closes without searching', async () => {
    const { input } = await setup();
    fireEvent.change(input, { target: { value: 'gml' } });
    await elapse(500);
    fireEvent.change(input, { target: { value: '   ' } });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    await elapse(500);
    expect(searchCalls()).toHaveLength(1);
    fireEvent.focus(input);
    expect(input.getAttribute('aria-expanded')).toBe('false');
    // Enter on nothing goes nowhere.
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.queryByRole('option')).toBeNull();
  });

  it('answers from the cache within 5 s (SPEC §4) and asks again once it is older', async () => {
    const { input } = await setup();
    fireEvent.change(input, { target: { value: 'gml' } });
    await elapse(500);
    fireEvent.change(input, { target: { value: 'gm' } });
    await elapse(500);
    fireEvent.change(input, { target: { value: 'gml' } });
    await elapse(500);
    expect(searchCalls().filter(([, p]) => p.keywords === 'gml')).toHaveLength(1);
    expect(screen.getAllByRole('option')).toHaveLength(3);

    await elapse(5_000);
    fireEvent.change(input, { target: { value: 'gm' } });
    await elapse(500);
    fireEvent.change(input, { target: { value: 'gml' } });
    // The stale list shows at once while it is fetched again.
    await elapse(500);
    expect(searchCalls().filter(([, p]) => p.keywords === 'gml')).toHaveLength(2);
    expect(screen.getAllByRole('option')).toHaveLength(3);
  });

  it('caches per type: the same keyword by manufacturer is a new search', async () => {
    const { input } = await setup();
    fireEvent.change(input, { target: { value: 'gml' } });
    await elapse(500);
    fireEvent.click(screen.getByRole('radio', { name: '生产厂家' }));
    await elapse(500);
    expect(searchCalls().map(([, p]) => p)).toEqual([
      { keywords: 'gml', type: 1 },
      { keywords: 'gml', type: 2 },
    ]);
  });

  it('blur closes at once, or after 200 ms (SPEC §4) while a suggestion is being clicked', async () => {
    const { input, router } = await setup();
    fireEvent.change(input, { target: { value: 'gml' } });
    await elapse(500);
    fireEvent.blur(input);
    expect(input.getAttribute('aria-expanded')).toBe('false');

    fireEvent.focus(input);
    fireEvent.mouseDown(screen.getAllByRole('option')[1]);
    fireEvent.blur(input);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    // A press that never becomes a click: the list stays 199 ms and closes at 200 ms.
    await elapse(199);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    await elapse(1);
    expect(input.getAttribute('aria-expanded')).toBe('false');

    fireEvent.focus(input);
    const option = screen.getAllByRole('option')[1];
    fireEvent.mouseDown(option);
    fireEvent.blur(input);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    await act(async () => {
      fireEvent.click(option);
    });
    expect(router.state.location.search).toEqual({ keywords: '感冒灵胶囊', type: 1 });
    await elapse(200);
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('ignores a late answer for a keyword that is no longer in the box', async () => {
    let resolveSlow: (v: SearchSuggestion[]) => void = () => undefined;
    http.get.mockImplementationOnce(() => new Promise<SearchSuggestion[]>((r) => (resolveSlow = r)));
    const { input } = await setup();
    fireEvent.change(input, { target: { value: 'abc' } });
    await elapse(500);
    fireEvent.change(input, { target: { value: 'gml' } });
    await elapse(500);
    await act(async () => resolveSlow([suggestion('过期结果')]));
    await elapse(10);
    expect(screen.queryByText('过期结果')).toBeNull();
    expect(screen.getAllByRole('option')).toHaveLength(3);
  });
});
