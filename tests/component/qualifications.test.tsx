// 资质证照 (/zzzj) through the real router: certificates with their expiry marks, the blocking
// notice, the 经营范围 panel and the renewal form (its own checks, the upload, the server's 422);
// the add-to-cart control saying why a company may not buy a goods; /jybg's message for a member
// without the service.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/domain/api-error';
import type { BusinessScopeView, Certificate, CertificateList } from '../../src/domain/qualifications';
import type { RouteDef } from '../../src/routes/types';
import { toast } from '../../src/ui/toast';
import { AddToCartControl } from '../../src/widgets/goods/add-to-cart';
import { checkRenewal } from '../../src/features/qualifications/renewal-form';
import { makeGoods } from './goods-fixtures';
import { makeUser, renderRoute } from './catalog-harness';
import { renderInApp } from './shell-harness';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../src/http/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/http/client')>()),
  http,
}));
vi.mock('../../src/app/shell/shell', () => ({
  Shell: ({ def, children }: { def: RouteDef; children: ReactNode }) => <div data-route={def.name}>{children}</div>,
}));

function cert(over: Partial<Certificate>): Certificate {
  return {
    id: 1,
    kind: 'business_license',
    kind_name: '营业执照',
    number: '91440106MA59C8K27X',
    issuer: '广州市天河区市场监督管理局',
    expires_on: null,
    days_left: null,
    expiry: 'no_expiry',
    status: 'approved',
    review_note: '',
    required: 1,
    file_name: '营业执照.png',
    mime: 'image/png',
    size: 1200,
    file_url: '/api/user/zizhi/1/file',
    renewal: null,
    created_at: 1,
    ...over,
  };
}

const LIST: CertificateList = {
  company: '广州康泰大药房有限公司',
  list: [
    cert({}),
    cert({
      id: 2,
      kind: 'drug_license',
      kind_name: '药品经营许可证',
      number: '粤CA0201987',
      expires_on: '2025-05-20',
      days_left: -13,
      expiry: 'expired',
      file_url: '/api/user/zizhi/2/file',
    }),
    cert({
      id: 3,
      kind: 'gsp',
      kind_name: 'GSP证书',
      number: 'C-GD-22-0458',
      issuer: '广东省药品监督管理局',
      expires_on: '2025-06-22',
      days_left: 20,
      expiry: 'expiring',
      required: 0,
      file_url: '/api/user/zizhi/3/file',
    }),
  ],
  expired: 1,
  expiring: 1,
  blocking: ['药品经营许可证'],
};

const SCOPE: BusinessScopeView = {
  company: '广州康泰大药房有限公司',
  recorded: 1,
  scope: [
    { code: 'xy', name: '化学药制剂' },
    { code: 'zcy', name: '中成药' },
  ],
  not_covered: [{ code: 'zyyp', name: '中药饮片' }],
};

beforeEach(() => {
  http.get.mockImplementation(async (path: string) => {
    if (path === 'user/base') return makeUser();
    if (path.startsWith('focus/')) return [];
    if (path === 'user/zizhi') return LIST;
    if (path === 'user/jyfw') return SCOPE;
    throw new Error(`unexpected GET ${path}`);
  });
});

afterEach(() => {
  act(() => toast.clear());
  http.get.mockReset();
  http.post.mockReset();
});

async function openPage() {
  renderRoute('/zzzj');
  await screen.findByRole('heading', { level: 1, name: '资质证照' }, { timeout: 5_000 });
  return screen.findByRole('table', { name: '资质证件列表' });
}

describe('/zzzj 资质证照', () => {
  it('lists each certificate with number, issuer and valid-until, marks expired and expiring ones, and names what blocks buying', async () => {
    const table = await openPage();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('data-kind'))).toEqual(['business_license', 'drug_license', 'gsp']);
    expect(within(rows[0]).getByText('长期')).toBeTruthy();
    expect(within(rows[1]).getByText('已过期')).toBeTruthy();
    expect(within(rows[2]).getByText('20天后到期')).toBeTruthy();
    expect(within(rows[2]).getByText('广东省药品监督管理局')).toBeTruthy();
    expect(within(rows[1]).getByRole('link', { name: '查看药品经营许可证文件' }).getAttribute('href')).toBe(
      '/api/user/zizhi/2/file',
    );
    expect(screen.getByRole('alert').textContent).toContain('您的药品经营许可证已过期，暂不能采购');
    const scope = await screen.findByRole('list', { name: '可经营品类' });
    expect(
      within(scope)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['化学药制剂', '中成药']);
    expect(screen.getByText(/不在经营范围（不能采购）：中药饮片/)).toBeTruthy();
  });

  it('checks the renewal form before sending, uploads it, and shows the server’s 422 at its field', async () => {
    await openPage();
    fireEvent.click(screen.getByRole('button', { name: '更新GSP证书' }));
    const dialog = await screen.findByRole('dialog', { name: '更新GSP证书' });
    // The issuer starts from the old certificate's; the rest must be filled in.
    expect((within(dialog).getByLabelText(/发证机关/) as HTMLInputElement).value).toBe('广东省药品监督管理局');
    fireEvent.click(within(dialog).getByRole('button', { name: '提交审核' }));
    expect(await within(dialog).findByText('请填写证书编号')).toBeTruthy();
    expect(within(dialog).getByText('请填写有效期至')).toBeTruthy();
    expect(within(dialog).getByText('请上传新证件的扫描件或照片')).toBeTruthy();
    expect(http.post).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByLabelText(/证书编号/), { target: { value: 'C-GD-25-0001' } });
    fireEvent.change(within(dialog).getByLabelText(/有效期至/), { target: { value: '2031-12-31' } });
    const file = new File(['%PDF-1.4'], '新证.pdf', { type: 'application/pdf' });
    fireEvent.change(within(dialog).getByLabelText(/证件文件/), { target: { files: [file] } });
    expect(within(dialog).getByText('PDF：新证.pdf')).toBeTruthy();

    http.post.mockRejectedValueOnce(
      new ApiError({
        code: 422,
        status: 422,
        msg: '仅支持PDF、JPG、PNG格式',
        data: null,
        fieldErrors: { file: ['仅支持PDF、JPG、PNG格式'] },
      }),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: '提交审核' }));
    expect(await within(dialog).findByText('仅支持PDF、JPG、PNG格式')).toBeTruthy();
    const [path, body] = http.post.mock.calls[0] as [string, FormData];
    expect(path).toBe('user/zizhi/3/renew');
    expect(body.get('number')).toBe('C-GD-25-0001');
    expect(body.get('expires_on')).toBe('2031-12-31');
    expect((body.get('file') as File).name).toBe('新证.pdf');

    const renewed: CertificateList = {
      ...LIST,
      list: LIST.list.map((c) =>
        c.id === 3
          ? {
              ...c,
              renewal: {
                id: 9,
                status: 'pending',
                expires_on: '2031-12-31',
                number: 'C-GD-25-0001',
                review_note: '',
                file_url: '/api/user/zizhi/9/file',
                created_at: 2,
              },
            }
          : c,
      ),
    };
    http.post.mockResolvedValueOnce(renewed);
    fireEvent.click(within(dialog).getByRole('button', { name: '提交审核' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('新证件审核中（有效期至 2031-12-31）')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '更新GSP证书' })).toBeNull();
  });

  it('refuses a renewal that does not run past today, an oversize file and a wrong type', () => {
    const base = {
      number: 'X-1',
      issuer: '某局',
      expires_on: '2025-06-02',
      file: new File(['x'], 'a.pdf', { type: 'application/pdf' }),
    };
    expect(checkRenewal(base, '2025-06-02')).toEqual({
      ok: false,
      errors: { expires_on: '新证件的有效期至须晚于今天' },
    });
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.pdf', { type: 'application/pdf' });
    expect(checkRenewal({ ...base, expires_on: '2026-01-01', file: big }, '2025-06-02')).toEqual({
      ok: false,
      errors: { file: '文件不能超过5MB' },
    });
    const doc = new File(['x'], 'a.doc', { type: 'application/msword' });
    expect(checkRenewal({ ...base, expires_on: '2026-01-01', file: doc }, '2025-06-02')).toEqual({
      ok: false,
      errors: { file: '仅支持PDF、JPG、PNG格式' },
    });
    expect(checkRenewal({ ...base, expires_on: '2026-01-01' }, '2025-06-02').ok).toBe(true);
  });
});

describe('the reason a company may not buy', () => {
  it('replaces the stepper and the add button with the server’s reason', async () => {
    renderInApp(<AddToCartControl goods={makeGoods({ buy_block: '不在贵公司经营范围（中药饮片）' })} />);
    expect(await screen.findByText('不在贵公司经营范围（中药饮片）')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '加入购物车' })).toBeNull();
    expect(screen.queryByRole('spinbutton')).toBeNull();
  });

  it('keeps the add button when nothing blocks', async () => {
    renderInApp(<AddToCartControl goods={makeGoods({ buy_block: null })} />);
    expect(await screen.findByRole('button', { name: '加入购物车' })).toBeTruthy();
  });
});

describe('/jybg 药检报告', () => {
  it('shows the configured message to a member without the service', async () => {
    http.get.mockImplementation(async (path: string) => {
      if (path === 'user/base')
        return makeUser({ quality_inspection: { quality_inspection_url: '', msg: '质检报告请联系客服索取' } });
      if (path.startsWith('focus/')) return [];
      throw new Error(`unexpected GET ${path}`);
    });
    renderRoute('/jybg');
    expect(await screen.findByText('质检报告请联系客服索取', undefined, { timeout: 5_000 })).toBeTruthy();
    expect(screen.queryByRole('search')).toBeNull();
  });
});
