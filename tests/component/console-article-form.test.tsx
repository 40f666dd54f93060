// The console's article form (issue 18 part C) with the real router and the lazily loaded tiptap
// editor, the server replaced by a fetch stub: 运营 edits an article (fields prefilled, HTML typed
// in source mode sent as is, the stored — sanitised — body shown after saving), a new article is
// checked before sending, the server's field messages show at their fields, and other roles are
// told they may not.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Operator } from '../../src/domain/admin';
import type { ArticleDraft, ConsoleArticle, ConsoleArticleCategory } from '../../src/domain/admin-content';
import { openAt, operator } from './console-harness';

interface Call {
  method: string;
  url: URL;
  body: unknown;
}

let calls: Call[];
let signedIn: Operator;
let refuseSave: boolean;
/** What the stub server holds for article 5. */
let stored: ConsoleArticle;

const CATEGORIES: ConsoleArticleCategory[] = [
  { id: 12, path: '帮助中心 / 支付配送 / 货物配送' },
  { id: 1, path: '平台公告' },
];
const ARTICLE: ConsoleArticle = {
  id: 5,
  title: '配送时效',
  summary: '多久到货',
  body: '<p>一般48小时内发货。</p>',
  category_id: 12,
  category_path: CATEGORIES[0].path,
  is_published: true,
  sort: 3,
  published_at: Date.now(),
};

const reply = (data: unknown, status = 200, code = 10000, msg = 'ok') =>
  new Response(JSON.stringify({ code, msg, data }), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  calls = [];
  signedIn = operator('operations');
  refuseSave = false;
  stored = ARTICLE;
  localStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const call: Call = {
        method: init.method ?? 'GET',
        url,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      const key = `${call.method} ${url.pathname}`;
      if (key === 'GET /api/admin/me') return reply(signedIn);
      if (key === 'GET /api/admin/articles/categories') return reply(CATEGORIES);
      if (key === 'GET /api/admin/articles/5') return reply(stored);
      if (key === 'GET /api/admin/articles') return reply({ list: [], total: 0, page: 1, size: 20 });
      if (key === 'POST /api/admin/articles/5' || key === 'POST /api/admin/articles') {
        if (refuseSave) return reply({ errors: { title: ['标题最多80个字'] } }, 422, 422, '输入有误');
        const draft = call.body as ArticleDraft;
        // The stub "sanitises" like the server: the script is gone from what comes back.
        stored = { ...ARTICLE, ...draft, id: 5, body: draft.body.replace(/<script>.*?<\/script>/g, '') };
        return reply(stored);
      }
      throw new Error(`unexpected ${key}`);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The editor is its own chunk: its first import in a test run takes a while. */
const LOAD = { timeout: 15_000 };

const posts = () => calls.filter((c) => c.method === 'POST');

describe('console article form', () => {
  it('edits an article: prefilled fields, the rich-text editor, HTML source sent as typed, the stored body shown after saving', async () => {
    openAt('/admin/articles/5');
    const title = (await screen.findByLabelText(/标题/)) as HTMLInputElement;
    expect(title.value).toBe('配送时效');
    expect((screen.getByLabelText(/分类/) as HTMLSelectElement).value).toBe('12');
    expect((screen.getByLabelText(/排序/) as HTMLInputElement).value).toBe('3');
    // The editor chunk loads and shows the body.
    const editor = await screen.findByRole('textbox', { name: '正文' }, LOAD);
    expect(editor.textContent).toContain('一般48小时内发货。');
    expect(screen.getByRole('toolbar', { name: '正文格式' })).toBeTruthy();

    fireEvent.change(title, { target: { value: '配送时效说明' } });
    fireEvent.click(screen.getByRole('button', { name: 'HTML 源码' }));
    const source = screen.getByLabelText('正文（HTML 源码）') as HTMLTextAreaElement;
    expect(source.value).toBe('<p>一般48小时内发货。</p>');
    fireEvent.change(source, { target: { value: '<p>当天发货</p><script>alert(1)</script>' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /发布/ }));
    fireEvent.click(screen.getByRole('button', { name: '保存文章' }));

    expect(await screen.findByText('已保存：配送时效说明')).toBeTruthy();
    expect(posts()).toHaveLength(1);
    expect(posts()[0].url.pathname).toBe('/api/admin/articles/5');
    expect(posts()[0].body).toEqual({
      category_id: 12,
      title: '配送时效说明',
      summary: '多久到货',
      body: '<p>当天发货</p><script>alert(1)</script>',
      sort: 3,
      is_published: false,
    });
    // The form now shows what the server stored.
    const after = await screen.findByRole('textbox', { name: '正文' }, LOAD);
    await waitFor(() => expect(after.textContent).toBe('当天发货'));
    expect((screen.getByRole('checkbox', { name: /发布/ }) as HTMLInputElement).checked).toBe(false);
  }, 30_000);

  it('checks a new article before sending it, then creates it in the chosen category', async () => {
    openAt('/admin/articles/new');
    await screen.findByRole('textbox', { name: '正文' }, LOAD);
    fireEvent.click(screen.getByRole('button', { name: '保存文章' }));
    expect(await screen.findByText('请填写标题')).toBeTruthy();
    expect(screen.getByText('请选择文章分类')).toBeTruthy();
    expect(screen.getByText('请填写正文')).toBeTruthy();
    expect(posts()).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/标题/), { target: { value: '平台公告一则' } });
    fireEvent.change(screen.getByLabelText(/分类/), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText(/排序/), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'HTML 源码' }));
    fireEvent.change(screen.getByLabelText('正文（HTML 源码）'), { target: { value: '<h2>公告</h2><p>内容</p>' } });
    fireEvent.click(screen.getByRole('button', { name: '保存文章' }));
    expect(await screen.findByText('排序须为0-9999的整数')).toBeTruthy();
    expect(posts()).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/排序/), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: '保存文章' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0].url.pathname).toBe('/api/admin/articles');
    expect(posts()[0].body).toMatchObject({
      category_id: 1,
      title: '平台公告一则',
      body: '<h2>公告</h2><p>内容</p>',
      sort: 0,
      is_published: true,
    });
  }, 30_000);

  it("shows the server's field message at its field", async () => {
    refuseSave = true;
    openAt('/admin/articles/5');
    await screen.findByRole('textbox', { name: '正文' }, LOAD);
    fireEvent.click(screen.getByRole('button', { name: '保存文章' }));
    expect(await screen.findByText('标题最多80个字')).toBeTruthy();
    expect(screen.queryByText(/已保存/)).toBeNull();
  });

  it('tells other roles they may not open it', async () => {
    signedIn = operator('finance');
    openAt('/admin/articles/5');
    expect(await screen.findByText('只有运营和管理员可以管理文章。')).toBeTruthy();
    expect(calls.some((c) => c.url.pathname.startsWith('/api/admin/articles'))).toBe(false);
  });
});
