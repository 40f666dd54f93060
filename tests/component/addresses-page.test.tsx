// /addr 收货地址 through the real router against the real app (tests/integration/real-shop.ts): the
// list with its default, adding and editing in a dialog with the form's messages tied to their
// fields, a 422's messages, deleting after a confirmation and choosing the default. What the page
// sent is read back from the server's address book, never from a stand-in of it.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Address } from '../../src/domain/orders';
import type { RouteDef } from '../../src/routes/types';
import { alert } from '../../src/ui/alert-dialog';
import { toast } from '../../src/ui/toast';
import { startRealShop, uniqueName, type Member, type RealShop } from '../integration/real-shop';
import { renderRoute } from './catalog-harness';

vi.mock('../../src/app/shell/shell', () => ({
  Shell: ({ def, children }: { def: RouteDef; children: ReactNode }) => <div data-route={def.name}>{children}</div>,
}));

// The real app (PGlite, sign-in's scrypt) answers here: generous deadlines, never timings.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

const INITIAL: Omit<Address, 'id'>[] = [
  {
    consignee: '王药师',
    phone: '13800000000',
    province: '广东省',
    city: '广州市',
    district: '天河区',
    detail: '体育西路 1 号康泰大药房',
    is_default: 1,
  },
  {
    consignee: '李店长',
    phone: '020-12345678',
    province: '广东省',
    city: '佛山市',
    district: '南海区',
    detail: '桂城街道南海大道 8 号',
    is_default: 0,
  },
];

let shop: RealShop;
let member: Member;
/** Ids of INITIAL's addresses, by consignee. */
let idOf: Record<string, number>;

beforeAll(async () => {
  shop = await startRealShop();
});
afterAll(() => shop.close());

beforeEach(async () => {
  shop.browser.reset();
  shop.browser.install();
  member = await shop.member(uniqueName());
  shop.browser.signInAs(member);
  idOf = {};
  for (const address of INITIAL) {
    const res = await shop.t.call<Address>('POST', '/api/address', { body: address, cookie: member.cookie });
    if (res.status !== 200) throw new Error(`POST /api/address: ${res.status} ${res.body.msg}`);
    idOf[address.consignee] = res.body.data.id;
  }
});

afterEach(() => {
  cleanup();
  act(() => {
    toast.clear();
    alert.dismissAll();
  });
});

/** The member's address book as the server keeps it (GET /api/address). */
async function serverBook(): Promise<Address[]> {
  const res = await shop.t.call<Address[]>('GET', '/api/address', { cookie: member.cookie });
  return res.body.data;
}

/** The writes the page sent, as `METHOD path`. */
const writes = () => shop.browser.sent.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);

async function openBook() {
  const view = renderRoute('/addr');
  await screen.findByRole('heading', { level: 1, name: '收货地址' }, { timeout: 5_000 });
  await screen.findByText('王药师', {}, { timeout: 10_000 });
  return view;
}

const cards = () => within(screen.getByRole('list', { name: '收货地址列表' })).getAllByRole('listitem');
const cardOf = (name: string) => cards().find((c) => c.textContent?.includes(name))!;
/** The texts an input's aria-describedby points at. */
const describedTexts = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

function fill(dialog: HTMLElement, values: Partial<Record<'收货人' | '手机号码' | '详细地址', string>>) {
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(within(dialog).getByRole('textbox', { name: new RegExp(label) }), { target: { value } });
  }
}

const regionSelect = (dialog: HTMLElement, label: '省份' | '城市' | '区/县') =>
  within(dialog).getByRole('combobox', { name: new RegExp(label.replace('/', '\\/')) }) as HTMLSelectElement;

/** Picks 省/市/区 in order, each once its list (loaded lazily, then cascading) offers the name. */
async function pickRegion(dialog: HTMLElement, values: Partial<Record<'省份' | '城市' | '区/县', string>>) {
  for (const [label, value] of Object.entries(values) as ['省份' | '城市' | '区/县', string][]) {
    const select = regionSelect(dialog, label);
    await within(select).findByRole('option', { name: value }, { timeout: 5_000 });
    expect(select.disabled).toBe(false);
    fireEvent.change(select, { target: { value } });
    expect(select.value).toBe(value);
  }
}

describe('address book', () => {
  it('lists the addresses with the default marked', async () => {
    await openBook();
    expect(cards()).toHaveLength(2);
    expect(within(cardOf('王药师')).getByText('默认')).toBeTruthy();
    expect(cardOf('王药师').textContent).toContain('广东省广州市天河区体育西路 1 号康泰大药房');
    expect(within(cardOf('王药师')).queryByRole('button', { name: /设为默认/ })).toBeNull();
    expect(within(cardOf('李店长')).getByRole('button', { name: '将 李店长 的地址设为默认' })).toBeTruthy();
    expect(screen.getByText('共 2 个地址')).toBeTruthy();
  });

  it('checks a new address in the form, ties each message to its field, then saves it', async () => {
    await openBook();
    fireEvent.click(screen.getByRole('button', { name: '新增收货地址' }));
    const dialog = await screen.findByRole('dialog', { name: '新增收货地址' });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));

    const phone = within(dialog).getByRole('textbox', { name: /手机号码/ });
    const detail = within(dialog).getByRole('textbox', { name: /详细地址/ });
    const consignee = within(dialog).getByRole('textbox', { name: /收货人/ });
    await waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
    expect(describedTexts(phone)).toContain('请输入手机号码');
    expect(describedTexts(detail)).toContain('请输入详细地址');
    expect(describedTexts(consignee)).toContain('请输入收货人姓名');
    expect(describedTexts(regionSelect(dialog, '省份'))).toContain('请选择省份');
    expect(describedTexts(regionSelect(dialog, '城市'))).toContain('请选择城市');
    expect(describedTexts(regionSelect(dialog, '区/县'))).toContain('请选择区县');
    expect(document.activeElement).toBe(consignee);

    fill(dialog, { 收货人: '赵药师', 手机号码: '12345', 详细地址: '科技园' });
    await pickRegion(dialog, { 省份: '广东省', 城市: '深圳市', '区/县': '南山区' });
    expect(regionSelect(dialog, '省份').getAttribute('aria-invalid')).toBeNull();
    expect(describedTexts(phone)).toContain('请输入正确的联系电话');
    expect(describedTexts(detail)).toContain('详细地址为5-120个字符');
    expect(consignee.getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(writes()).toEqual([]);

    // A landline is a valid contact phone too.
    fill(dialog, { 手机号码: '0755-12345678', 详细地址: '科技园南路 100 号' });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '设为默认收货地址' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('收货地址已保存', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(writes()).toEqual(['POST address']);
    const saved = (await serverBook()).find((a) => a.consignee === '赵药师');
    expect(saved).toMatchObject({
      phone: '0755-12345678',
      province: '广东省',
      city: '深圳市',
      district: '南山区',
      detail: '科技园南路 100 号',
      is_default: 1,
    });
    expect((await serverBook()).filter((a) => a.is_default === 1).map((a) => a.consignee)).toEqual(['赵药师']);
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(within(cardOf('赵药师')).getByText('默认')).toBeTruthy();
  });

  it('edits an address from its own values', async () => {
    await openBook();
    fireEvent.click(screen.getByRole('button', { name: '编辑 李店长 的地址' }));
    const dialog = await screen.findByRole('dialog', { name: '编辑收货地址' });
    const detail = within(dialog).getByRole('textbox', { name: /详细地址/ }) as HTMLInputElement;
    expect(detail.value).toBe('桂城街道南海大道 8 号');
    expect((within(dialog).getByRole('textbox', { name: /手机号码/ }) as HTMLInputElement).value).toBe('020-12345678');
    // The stored 省/市/区 are selected, with their real lists once loaded.
    expect(regionSelect(dialog, '省份').value).toBe('广东省');
    expect(regionSelect(dialog, '城市').value).toBe('佛山市');
    expect(regionSelect(dialog, '区/县').value).toBe('南海区');
    await within(regionSelect(dialog, '区/县')).findByRole('option', { name: '顺德区' });
    expect(regionSelect(dialog, '区/县').value).toBe('南海区');
    fill(dialog, { 详细地址: '桂城街道南海大道 18 号 2 楼' });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 10_000 });
    expect(writes()).toEqual([`POST address/${idOf['李店长']}/edit`]);
    expect((await serverBook()).find((a) => a.id === idOf['李店长'])).toMatchObject({
      consignee: '李店长',
      phone: '020-12345678',
      city: '佛山市',
      detail: '桂城街道南海大道 18 号 2 楼',
      is_default: 0,
    });
    await waitFor(() => expect(cardOf('李店长').textContent).toContain('桂城街道南海大道 18 号 2 楼'));
  });

  it('shows the message of a 422 beside its field', async () => {
    await openBook();
    // The server checks with the form's own schema (src/domain/address.ts), so the page cannot be
    // driven into its 422: a canned answer at the fetch level, as for the integration layer.
    shop.browser.faults.push({
      type: 'answer',
      status: 422,
      code: 422,
      msg: '请选择城市',
      data: { errors: { city: ['请选择城市'] } },
    });
    fireEvent.click(screen.getByRole('button', { name: '编辑 李店长 的地址' }));
    const dialog = await screen.findByRole('dialog', { name: '编辑收货地址' });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    const city = regionSelect(dialog, '城市');
    await waitFor(() => expect(describedTexts(city)).toContain('请选择城市'));
    expect(screen.getByRole('dialog')).toBeTruthy();
    // Choosing again clears the server's message for that field.
    await pickRegion(dialog, { 城市: '广州市' });
    expect(describedTexts(city)).not.toContain('请选择城市');
  });

  it('deletes an address only after confirmation', async () => {
    await openBook();
    fireEvent.click(screen.getByRole('button', { name: '删除 李店长 的地址' }));
    let dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('确定删除该收货地址吗？')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(writes()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: '删除 李店长 的地址' }));
    dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('收货地址已删除', {}, { timeout: 10_000 })).toBeTruthy();
    expect(writes()).toEqual([`POST address/${idOf['李店长']}/delete`]);
    expect((await serverBook()).map((a) => a.consignee)).toEqual(['王药师']);
    await waitFor(() => expect(cards()).toHaveLength(1));
  });

  it('moves the default to another address', async () => {
    await openBook();
    fireEvent.click(screen.getByRole('button', { name: '将 李店长 的地址设为默认' }));
    expect(await screen.findByText('已设为默认收货地址', {}, { timeout: 10_000 })).toBeTruthy();
    expect(writes()).toEqual([`POST address/${idOf['李店长']}/default`]);
    expect((await serverBook()).filter((a) => a.is_default === 1).map((a) => a.consignee)).toEqual(['李店长']);
    await waitFor(() => expect(within(cardOf('李店长')).queryByText('默认')).toBeTruthy());
    expect(within(cardOf('王药师')).queryByText('默认')).toBeNull();
  });

  it('invites the buyer to add a first address', async () => {
    member = await shop.member(uniqueName());
    shop.browser.signInAs(member);
    renderRoute('/addr');
    expect(await screen.findByText('您还没有收货地址', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: '新增收货地址' })).toBeTruthy();
  });
});
