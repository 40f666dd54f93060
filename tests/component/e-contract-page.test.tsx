// /dzht 电子合同 through the real router: the text with the company's details, the sign button
// disabled until the text is scrolled to its end, signing the version shown, the signed state with
// the PDF and the way back to checkout, a new version asking again, a company under review.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContractView } from '../../src/domain/e-contract';
import type { RouteDef } from '../../src/routes/types';
import { reachedEnd } from '../../src/features/e-contract/use-read-to-end';
import { toast } from '../../src/ui/toast';
import { makeUser, renderRoute, serve } from './catalog-harness';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../src/http/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/http/client')>()),
  http,
}));
vi.mock('../../src/app/shell/shell', () => ({
  Shell: ({ def, children }: { def: RouteDef; children: ReactNode }) => <div data-route={def.name}>{children}</div>,
}));

const SIGNATURE = { version: '2024版', signed_at: 1_748_829_600, signer: '杨帆', ip: '10.0.0.8' };

function contract(over: Partial<ContractView> = {}): ContractView {
  return {
    version: '2024版',
    title: '药品购销框架合同',
    supplier: '广州康源医药有限公司',
    company: {
      name: '成都市青羊区惠民诊所',
      credit_code: '52510105MJ0T6X2A9K',
      legal_person: '杨帆',
      address: '四川省成都市青羊区东城根上街32号',
      contact: '杨帆',
      phone: '17708201935',
    },
    sections: [
      {
        heading: '第一条 合同双方',
        clauses: ['乙方（采购方）：成都市青羊区惠民诊所，统一社会信用代码：52510105MJ0T6X2A9K。'],
      },
      { heading: '第九条 合同期限与效力', clauses: ['本合同自乙方完成电子签署之日起生效。'] },
    ],
    signature: null,
    last_signature: null,
    can_sign: 1,
    pdf_url: null,
    ...over,
  };
}

let current: ContractView;
beforeEach(() => {
  current = contract();
  serve(http.get, { user: makeUser(), other: (path) => (path === 'user/contract' ? current : undefined) });
  http.post.mockImplementation(async (path: string, body: { version: string }) => {
    if (path !== 'user/contract/sign') throw new Error(`unexpected POST ${path}`);
    current = contract({
      signature: { ...SIGNATURE, version: body.version },
      last_signature: { ...SIGNATURE, version: body.version },
      pdf_url: '/api/user/contract/pdf',
    });
    return current;
  });
});
afterEach(() => {
  act(() => toast.clear());
  http.get.mockReset();
  http.post.mockReset();
});

/** jsdom has no layout: give the box a size and scroll it. */
function scrollBox(box: HTMLElement, top: number) {
  Object.defineProperty(box, 'scrollHeight', { configurable: true, value: 1200 });
  Object.defineProperty(box, 'clientHeight', { configurable: true, value: 460 });
  box.scrollTop = top;
  fireEvent.scroll(box);
}

describe('e-contract page', () => {
  it('shows the filled-in text and enables signing only once read to the end', async () => {
    renderRoute('/dzht');
    const box = await screen.findByTestId('contract-text', {}, { timeout: 5_000 });
    expect(box.textContent).toContain('成都市青羊区惠民诊所，统一社会信用代码：52510105MJ0T6X2A9K');
    const button = screen.getByRole('button', { name: '我已阅读并同意，签署合同' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('请阅读至合同末尾后签署')).toBeTruthy();

    scrollBox(box, 300);
    expect((button as HTMLButtonElement).disabled).toBe(true);
    scrollBox(box, 740);
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));

    fireEvent.click(button);
    await screen.findByText('已签署《药品购销框架合同》（2024版）');
    expect(http.post).toHaveBeenCalledWith('user/contract/sign', { version: '2024版' });
    expect(screen.getByRole('link', { name: '下载合同PDF' }).getAttribute('href')).toBe('/api/user/contract/pdf');
    expect(screen.getByRole('link', { name: '返回购物车继续结算' }).getAttribute('href')).toBe('/cart');
    expect(screen.queryByRole('button', { name: '我已阅读并同意，签署合同' })).toBeNull();
  });

  it('asks to sign again when a new version was released', async () => {
    current = contract({ version: '2026版', last_signature: SIGNATURE, pdf_url: '/api/user/contract/pdf' });
    renderRoute('/dzht');
    expect((await screen.findByRole('note', {}, { timeout: 5_000 })).textContent).toContain(
      '合同已更新至2026版（您已签署2024版）',
    );
    const box = screen.getByTestId('contract-text');
    scrollBox(box, 740);
    const button = screen.getByRole('button', { name: '我已阅读并同意，签署合同' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(http.post).toHaveBeenCalledWith('user/contract/sign', { version: '2026版' }));
  });

  it('lets a company under review read but not sign', async () => {
    current = contract({ can_sign: 0 });
    renderRoute('/dzht');
    expect(await screen.findByText('企业资质审核通过后才能签署电子合同', {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /签署合同/ })).toBeNull();
  });

  it('counts the last few pixels as the end', () => {
    expect(reachedEnd({ scrollTop: 735, clientHeight: 460, scrollHeight: 1200 })).toBe(true);
    expect(reachedEnd({ scrollTop: 700, clientHeight: 460, scrollHeight: 1200 })).toBe(false);
  });
});
