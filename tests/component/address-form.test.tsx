// The address form's 省/市/区 selects on their own: the lazily loaded lists (加载中…, a failed load
// and its retry), the cascade (a new province clears city and district; a single choice is picked
// at once), and a stored name the lists do not know (shown, marked, but not saved).
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { regionsOf, type Regions, type RegionsData } from '../../src/domain/regions';
import data from '../../src/domain/regions-data.json';
import { AddressForm } from '../../src/widgets/address/address-form';
import type { AddressValues } from '../../src/widgets/address/address-rules';

const gate = vi.hoisted(() => ({
  loaded: null as Regions | null,
  calls: 0,
  pending: null as { resolve: (r: Regions) => void; reject: (e: Error) => void } | null,
}));
vi.mock('../../src/domain/regions', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/domain/regions')>()),
  loadedRegions: () => gate.loaded,
  loadRegions: () => {
    gate.calls++;
    return new Promise<Regions>((resolve, reject) => (gate.pending = { resolve, reject }));
  },
}));

const REGIONS = regionsOf(data as unknown as RegionsData);

beforeEach(() => {
  gate.loaded = null;
  gate.calls = 0;
  gate.pending = null;
});

const select = (label: RegExp) => screen.getByRole('combobox', { name: label }) as HTMLSelectElement;
const province = () => select(/省份/);
const city = () => select(/城市/);
const district = () => select(/区\/县/);
const optionTexts = (el: HTMLSelectElement) => Array.from(el.options).map((o) => o.textContent);
const describedTexts = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

const choose = (el: HTMLSelectElement, value: string) => fireEvent.change(el, { target: { value } });

async function arrive() {
  await waitFor(() => expect(gate.pending).not.toBeNull());
  await act(async () => gate.pending!.resolve(REGIONS));
}

const filled: AddressValues = {
  consignee: '李店长',
  phone: '020-12345678',
  province: '广东省',
  city: '佛山市',
  district: '南海区',
  detail: '桂城街道南海大道 8 号',
  is_default: false,
};

function renderForm(initial?: AddressValues) {
  const onSubmit = vi.fn(async () => undefined);
  render(<AddressForm initial={initial} onSubmit={onSubmit} />);
  return onSubmit;
}

describe('address form 省/市/区', () => {
  it('shows 加载中… until the lists arrive, then offers the provinces', async () => {
    renderForm();
    for (const el of [province(), city(), district()]) {
      expect(el.disabled).toBe(true);
      expect(el.getAttribute('aria-busy')).toBe('true');
      expect(optionTexts(el)).toEqual(['加载中…']);
    }
    await arrive();
    expect(gate.calls).toBe(1);
    expect(province().disabled).toBe(false);
    expect(province().getAttribute('aria-busy')).toBeNull();
    expect(optionTexts(province())[0]).toBe('请选择省份');
    expect(province().options).toHaveLength(32);
    // Nothing to choose below until the level above is chosen.
    expect(city().disabled).toBe(true);
    expect(optionTexts(city())).toEqual(['请选择城市']);
    expect(district().disabled).toBe(true);
  });

  it('needs no loading when the lists are already in', () => {
    gate.loaded = REGIONS;
    renderForm();
    expect(province().disabled).toBe(false);
    expect(province().options).toHaveLength(32);
  });

  it('cascades: a new province clears city and district, single choices are picked at once', async () => {
    const onSubmit = renderForm({ ...filled, province: '', city: '', district: '' });
    await arrive();
    choose(province(), '广东省');
    expect(city().disabled).toBe(false);
    expect(optionTexts(city()).slice(0, 4)).toEqual(['请选择城市', '广州市', '韶关市', '深圳市']);
    expect(optionTexts(city())).not.toContain('武汉市');
    expect(district().disabled).toBe(true);
    choose(city(), '深圳市');
    expect(optionTexts(district())).toContain('南山区');
    choose(district(), '南山区');
    expect(district().value).toBe('南山区');

    // A 直辖市 has one city, named like it: chosen for the buyer; the district starts empty.
    choose(province(), '北京市');
    expect(city().value).toBe('北京市');
    expect(district().value).toBe('');
    expect(district().options).toHaveLength(17);

    // A 省直辖县级 unit is its own only district.
    choose(province(), '湖北省');
    expect(city().value).toBe('');
    expect(district().value).toBe('');
    expect(district().disabled).toBe(true);
    choose(city(), '仙桃市');
    expect(district().value).toBe('仙桃市');

    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ province: '湖北省', city: '仙桃市', district: '仙桃市' }),
    );
  });

  it('asks for each empty level with its own message', async () => {
    const onSubmit = renderForm({ ...filled, province: '', city: '', district: '' });
    await arrive();
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(describedTexts(province())).toContain('请选择省份'));
    expect(describedTexts(city())).toContain('请选择城市');
    expect(describedTexts(district())).toContain('请选择区县');
    expect(province().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(province());
    choose(province(), '广东省');
    expect(describedTexts(province())).not.toContain('请选择省份');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('preselects a stored address, with its values shown while the lists load', async () => {
    const onSubmit = renderForm(filled);
    expect([province().value, city().value, district().value]).toEqual(['广东省', '佛山市', '南海区']);
    await arrive();
    expect([province().value, city().value, district().value]).toEqual(['广东省', '佛山市', '南海区']);
    expect(optionTexts(district())).toContain('顺德区');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ city: '佛山市', district: '南海区' })),
    );
  });

  it('keeps a stored name the lists do not know, marked, and will not save it', async () => {
    const onSubmit = renderForm({ ...filled, city: '佛山', district: '南海' });
    await arrive();
    expect(city().value).toBe('佛山');
    expect(city().selectedOptions[0].textContent).toBe('佛山（请重新选择）');
    expect(optionTexts(city())).toContain('佛山市');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(describedTexts(city())).toContain('请选择正确的城市'));
    expect(document.activeElement).toBe(city());
    expect(onSubmit).not.toHaveBeenCalled();

    choose(city(), '佛山市');
    expect(district().value).toBe('');
    expect(optionTexts(district())).not.toContain('南海（请重新选择）');
    choose(district(), '南海区');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ city: '佛山市', district: '南海区' })),
    );
  });

  it('says when the lists failed to load and loads them again on request', async () => {
    renderForm();
    await waitFor(() => expect(gate.pending).not.toBeNull());
    await act(async () => gate.pending!.reject(new Error('offline')));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('省市区列表加载失败');
    expect(optionTexts(province())).toEqual(['加载失败']);
    gate.pending = null;
    fireEvent.click(within(alert).getByRole('button', { name: '重新加载' }));
    await arrive();
    expect(gate.calls).toBe(2);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(province().disabled).toBe(false);
  });
});
