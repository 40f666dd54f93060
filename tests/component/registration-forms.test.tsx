// Registration and recovery forms (issue 17 part A): SPEC §5 checks before sending with the
// server's messages, a 422 shown as the first message of the first field at that field, the
// company documents by company kind (type and size limits, preview, replace, remove), the review
// status with the reviewer's reason, and the recovery steps' token hand-over.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/domain/api-error';
import { regionsOf, type RegionsData } from '../../src/domain/regions';
import data from '../../src/domain/regions-data.json';
import { AccountForm } from '../../src/features/register/account-form';
import { CompanyForm } from '../../src/features/register/company-form';
import { ReviewStatusView } from '../../src/features/register/review-status';
import ForgetStep1Page from '../../src/features/password-recovery/forget-step1-page';
import ForgetStep2Page from '../../src/features/password-recovery/forget-step2-page';
import { readPendingReset, savePendingReset } from '../../src/features/password-recovery/recovery-flow';
import { renderInApp } from './shell-harness';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../src/http/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/http/client')>()),
  http,
}));
const REGIONS = regionsOf(data as unknown as RegionsData);
vi.mock('../../src/domain/regions', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/domain/regions')>()),
  loadedRegions: () => REGIONS,
}));

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  http.post.mockReset();
  http.get.mockReset();
});

const input = (label: RegExp | string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: RegExp | string, value: string) => fireEvent.change(input(label), { target: { value } });
const errorAt = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .filter((n) => n && n.id.endsWith('-error'))
    .map((n) => n!.textContent)[0];
const invalid = () => Array.from(document.querySelectorAll('[aria-invalid="true"]'));

function fillAccount() {
  type(/^\*?用户名/, 'newshop');
  type(/^\*?设置密码/, 'shop1234');
  type(/^\*?确认密码/, 'shop1234');
  type(/^\*?手机号码/, '13712345678');
  type(/^\*?短信验证码/, '123456');
  fireEvent.click(screen.getByRole('checkbox'));
}

describe('registration account form', () => {
  it('checks in form order and shows only the first problem, at its field', async () => {
    renderInApp(<AccountForm onRegistered={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: '下一步，完善企业资料' }));
    expect(errorAt(input(/^\*?用户名/))).toBe('请输入用户名');
    expect(invalid()).toHaveLength(1);
    fillAccount();
    type(/^\*?确认密码/, 'shop9999');
    fireEvent.click(screen.getByRole('button', { name: '下一步，完善企业资料' }));
    expect(errorAt(input(/^\*?确认密码/))).toBe('两次输入的密码不一致');
    type(/^\*?确认密码/, 'shop1234');
    type(/^\*?手机号码/, '12345678901');
    fireEvent.click(screen.getByRole('button', { name: '下一步，完善企业资料' }));
    expect(errorAt(input(/^\*?手机号码/))).toBe('请输入正确的手机号码');
    expect(http.post).not.toHaveBeenCalled();
  });

  it('asks for the agreement, then posts and shows a 422 at its first field only', async () => {
    http.post.mockRejectedValueOnce(
      new ApiError({
        code: 422,
        status: 422,
        msg: '验证码错误或已过期',
        fieldErrors: { code: ['验证码错误或已过期'], username: ['该用户名已被注册'] },
      }),
    );
    const done = vi.fn();
    renderInApp(<AccountForm onRegistered={done} />);
    await screen.findByRole('button', { name: '下一步，完善企业资料' });
    fillAccount();
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: '下一步，完善企业资料' }));
    expect(screen.getByText('请阅读并同意用户注册协议')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: '下一步，完善企业资料' }));
    await waitFor(() => expect(errorAt(input(/^\*?短信验证码/))).toBe('验证码错误或已过期'));
    expect(screen.queryByText('该用户名已被注册')).toBeNull();
    expect(http.post).toHaveBeenCalledWith('register/step1', {
      username: 'newshop',
      password: 'shop1234',
      password_confirmation: 'shop1234',
      phone: '13712345678',
      code: '123456',
      agree: '1',
    });
    http.post.mockResolvedValueOnce({ username: 'newshop' });
    fireEvent.click(screen.getByRole('button', { name: '下一步，完善企业资料' }));
    await waitFor(() => expect(done).toHaveBeenCalled());
  });

  it('sends the SMS code to a checked phone and counts down before the next one', async () => {
    http.post.mockResolvedValue({ phone: '137****5678', expires_in: 300, resend_in: 60 });
    renderInApp(<AccountForm onRegistered={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: '获取验证码' }));
    expect(errorAt(input(/^\*?手机号码/))).toBe('请输入手机号码');
    type(/^\*?手机号码/, '13712345678');
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    await screen.findByRole('button', { name: '60秒后重新获取' });
    expect(http.post).toHaveBeenCalledWith('user/create_code', { purpose: 'register', phone: '13712345678' });
    expect(screen.getByText('验证码已发送至137****5678，5分钟内有效')).toBeTruthy();
  });
});

describe('company form and documents', () => {
  const png = (bytes = 10) => new File([new Uint8Array(bytes)], 'licence.png', { type: 'image/png' });
  const fileInput = (kind: string) => document.querySelector(`input[name="files[${kind}]"]`) as HTMLInputElement;
  const documentRow = (kind: string) => document.querySelector(`[data-document="${kind}"]`) as HTMLElement;

  function fillCompany() {
    type(/^\*?企业名称/, '广州市新康大药房有限公司');
    type(/^\*?统一社会信用代码/, '91440101MA5CXXX0A9');
    type(/^\*?法定代表人/, '陈新');
    type(/^\*?联系人/, '陈新');
    type(/^\*?联系电话/, '020-12345678');
    fireEvent.change(screen.getByRole('combobox', { name: /省份/ }), { target: { value: '广东省' } });
    fireEvent.change(screen.getByRole('combobox', { name: /城市/ }), { target: { value: '广州市' } });
    fireEvent.change(screen.getByRole('combobox', { name: /区\/县/ }), { target: { value: '越秀区' } });
    type(/^\*?详细地址/, '中山五路1号');
  }

  it('offers the licence of the company kind and checks type and size before sending', async () => {
    renderInApp(<CompanyForm submitLabel="提交审核" onSubmit={vi.fn()} />);
    await screen.findByRole('button', { name: '提交审核' });
    expect(documentRow('drug_license')).toBeTruthy();
    expect(documentRow('medical_license')).toBeNull();
    expect(documentRow('power_of_attorney')).toBeTruthy();
    expect(documentRow('id_card')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: /企业类型/ }), { target: { value: 'clinic' } });
    expect(documentRow('medical_license')).toBeTruthy();
    expect(documentRow('drug_license')).toBeNull();

    fireEvent.change(fileInput('business_license'), {
      target: { files: [new File(['hi'], 'a.txt', { type: 'text/plain' })] },
    });
    expect(within(documentRow('business_license')).getByText('营业执照仅支持PDF、JPG、PNG格式')).toBeTruthy();
    fireEvent.change(fileInput('business_license'), { target: { files: [png(5 * 1024 * 1024 + 1)] } });
    expect(within(documentRow('business_license')).getByText('营业执照文件不能超过5MB')).toBeTruthy();
  });

  it('previews a chosen file, replaces and removes it, and sends the documents with the details', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    renderInApp(<CompanyForm submitLabel="提交审核" onSubmit={onSubmit} />);
    await screen.findByRole('button', { name: '提交审核' });
    fillCompany();
    fireEvent.click(screen.getByRole('button', { name: '提交审核' }));
    expect(within(documentRow('business_license')).getByText('请上传营业执照')).toBeTruthy();

    fireEvent.change(fileInput('business_license'), { target: { files: [png()] } });
    expect(within(documentRow('business_license')).getByText('licence.png')).toBeTruthy();
    fireEvent.change(fileInput('business_license'), {
      target: { files: [new File(['%PDF-1.4'], 'new.pdf', { type: 'application/pdf' })] },
    });
    expect(within(documentRow('business_license')).getByText('new.pdf')).toBeTruthy();
    expect(within(documentRow('business_license')).queryByText('licence.png')).toBeNull();
    fireEvent.change(fileInput('drug_license'), { target: { files: [png()] } });
    fireEvent.change(fileInput('id_card'), { target: { files: [png()] } });
    fireEvent.click(within(documentRow('id_card')).getByRole('button', { name: '删除' }));
    expect(within(documentRow('id_card')).getByRole('button', { name: '选择文件' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '提交审核' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const form = onSubmit.mock.calls[0][0] as FormData;
    expect(form.get('company_name')).toBe('广州市新康大药房有限公司');
    expect(form.get('district')).toBe('越秀区');
    expect((form.get('files[business_license]') as File).name).toBe('new.pdf');
    expect((form.get('files[drug_license]') as File).name).toBe('licence.png');
    expect(form.get('files[id_card]')).toBeNull();
  });

  it('shows a server refusal of a document at that document', async () => {
    const onSubmit = vi.fn().mockRejectedValue(
      new ApiError({
        code: 422,
        status: 422,
        msg: '',
        fieldErrors: { 'files.drug_license': ['药品经营许可证仅支持PDF、JPG、PNG格式'] },
      }),
    );
    renderInApp(<CompanyForm submitLabel="提交审核" onSubmit={onSubmit} />);
    await screen.findByRole('button', { name: '提交审核' });
    fillCompany();
    fireEvent.change(fileInput('business_license'), { target: { files: [png()] } });
    fireEvent.change(fileInput('drug_license'), { target: { files: [png()] } });
    fireEvent.click(screen.getByRole('button', { name: '提交审核' }));
    expect(await within(documentRow('drug_license')).findByText('药品经营许可证仅支持PDF、JPG、PNG格式')).toBeTruthy();
  });
});

describe('review status', () => {
  it('shows a rejection with the reviewer’s reason and the way to resubmit', async () => {
    renderInApp(
      <ReviewStatusView
        answer={{
          review_status: 'rejected',
          msg: '资质审核未通过，请修改后重新提交',
          review_note: '营业执照已过期',
          company: '新康大药房',
        }}
        submitHref="/register/step2"
      />,
    );
    expect(await screen.findByText('未通过原因：营业执照已过期')).toBeTruthy();
    expect(screen.getByRole('link', { name: '修改后重新提交' }).getAttribute('href')).toBe('/register/step2');
  });

  it('shows a pending review without a resubmit button', async () => {
    renderInApp(
      <ReviewStatusView
        answer={{ review_status: 'pending', msg: '资质审核中', review_note: '', company: '新康大药房' }}
        submitHref="/register/step2"
      />,
    );
    expect(await screen.findByText('资质已提交，等待审核')).toBeTruthy();
    expect(screen.getByText('审核中')).toBeTruthy();
    expect(screen.queryByRole('link', { name: '修改后重新提交' })).toBeNull();
  });
});

describe('password recovery steps', () => {
  it('step 1 sends a mobile as phone, shows a wrong code at the code field, and hands the token to step 2', async () => {
    http.post.mockRejectedValueOnce(
      new ApiError({
        code: 422,
        status: 422,
        msg: '验证码错误或已过期',
        fieldErrors: { code: ['验证码错误或已过期'] },
      }),
    );
    const { router } = renderInApp(<ForgetStep1Page />, { initial: '/forget/step1' });
    type(await screen.findByLabelText(/用户名或手机号/).then(() => /用户名或手机号/), '13533334444');
    type(/^\*?短信验证码/, '000000');
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    await waitFor(() => expect(errorAt(input(/^\*?短信验证码/))).toBe('验证码错误或已过期'));
    expect(http.post).toHaveBeenCalledWith('user/forget/verify', { phone: '13533334444', code: '000000' });

    http.post.mockResolvedValueOnce({ token: 'tok', username: 'forgetful', expires_in: 900 });
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forget/step2'));
    expect(readPendingReset(Date.now())).toMatchObject({ token: 'tok', username: 'forgetful' });
  });

  it('step 1 by username says the code went to the account’s phone without naming it', async () => {
    http.post.mockResolvedValueOnce({ phone: '', expires_in: 300, resend_in: 60 });
    renderInApp(<ForgetStep1Page />, { initial: '/forget/step1' });
    await screen.findByLabelText(/用户名或手机号/);
    type(/用户名或手机号/, 'nobody');
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(
      await screen.findByText('若该账号已绑定手机，验证码已发送至该手机，5分钟内有效；未收到请核对账号或联系客服'),
    ).toBeTruthy();
    expect(http.post).toHaveBeenCalledWith('user/create_code', { purpose: 'reset_password', username: 'nobody' });
  });

  it('step 1 by phone names the phone typed, and shows a refusal at the account box', async () => {
    http.post.mockResolvedValueOnce({ phone: '135****4444', expires_in: 300, resend_in: 60 });
    const first = renderInApp(<ForgetStep1Page />, { initial: '/forget/step1' });
    await screen.findByLabelText(/用户名或手机号/);
    type(/用户名或手机号/, '13533334444');
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('若该手机号已注册，验证码已发送至135****4444，5分钟内有效')).toBeTruthy();
    first.unmount();

    http.post.mockRejectedValueOnce(new ApiError({ code: 429, status: 429, msg: '验证码发送过于频繁，请60秒后再试' }));
    renderInApp(<ForgetStep1Page />, { initial: '/forget/step1' });
    await screen.findByLabelText(/用户名或手机号/);
    type(/用户名或手机号/, '13533334444');
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    await waitFor(() => expect(errorAt(input(/用户名或手机号/))).toBe('验证码发送过于频繁，请60秒后再试'));
  });

  it('step 2 without a live token sends the buyer back to verify; with one it resets', async () => {
    const first = renderInApp(<ForgetStep2Page />, { initial: '/forget/step2' });
    expect(await screen.findByText('验证已失效')).toBeTruthy();
    first.unmount();

    savePendingReset({ token: 'tok', username: 'forgetful', expiresAt: Date.now() + 60_000 });
    http.post.mockResolvedValueOnce({ username: 'forgetful' });
    const { router } = renderInApp(<ForgetStep2Page />, { initial: '/forget/step2' });
    type(await screen.findByLabelText(/^\*?新密码/).then(() => /^\*?新密码/), 'fresh1234');
    type(/^\*?确认新密码/, 'fresh12345');
    fireEvent.click(screen.getByRole('button', { name: '确认修改' }));
    expect(errorAt(input(/^\*?确认新密码/))).toBe('两次输入的密码不一致');
    type(/^\*?确认新密码/, 'fresh1234');
    fireEvent.click(screen.getByRole('button', { name: '确认修改' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forget/step3'));
    expect(http.post).toHaveBeenCalledWith('user/forget/reset', {
      token: 'tok',
      password: 'fresh1234',
      password_confirmation: 'fresh1234',
    });
    expect(readPendingReset(Date.now())).toBeNull();
  });
});

describe('multi-store and WeChat registration pages', () => {
  it('store step 1 checks the store account and goes on to that store’s documents', async () => {
    const { default: StoreStep1Page } = await import('../../src/features/register/store-step1-page');
    http.post.mockResolvedValueOnce({ store_id: 42, username: 'store01' });
    const { router } = renderInApp(<StoreStep1Page />, { initial: '/register/dd/step1' });
    fireEvent.click(await screen.findByRole('button', { name: '下一步，上传门店资质' }));
    expect(errorAt(input(/^\*?门店名称/))).toBe('请输入门店名称');
    type(/^\*?门店名称/, '华康连锁三店');
    type(/^\*?门店登录用户名/, 'store01');
    type(/^\*?登录密码/, 'store1234');
    type(/^\*?确认密码/, 'store1234');
    type(/^\*?门店联系手机/, '13655556666');
    fireEvent.click(screen.getByRole('button', { name: '下一步，上传门店资质' }));
    await waitFor(() => expect(router.state.location.href).toBe('/register/dd/step2?store_id=42'));
    expect(http.post).toHaveBeenCalledWith('register/dd/step1', {
      store_name: '华康连锁三店',
      username: 'store01',
      password: 'store1234',
      password_confirmation: 'store1234',
      phone: '13655556666',
    });
  });

  it('WeChat registration shows the QR, then after the scan the account form that sends the ticket', async () => {
    const { default: RegisterWechatPage } = await import('../../src/features/register/register-wechat-page');
    let status = 'waiting';
    http.get.mockImplementation(async (path: string) => {
      if (path === 'global/shop_mode') return { demo: true, wechat: true };
      if (path === 'register/wechat') return { status, nickname: status === 'scanned' ? '新康药房' : '' };
      throw new Error(`unexpected GET ${path}`);
    });
    http.post.mockImplementation(async (path: string) => {
      if (path === 'register/wechat') return { ticket: 'wx1', url: '/wechat/confirm?ticket=wx1', expires_in: 300 };
      if (path === 'register/step1') return { username: 'newshop' };
      throw new Error(`unexpected POST ${path}`);
    });
    const { queryClient, router } = renderInApp(<RegisterWechatPage />, { initial: '/register/wechat' });
    fireEvent.click(await screen.findByRole('button', { name: '获取注册二维码' }));
    await waitFor(() =>
      expect(screen.getByRole('img', { name: '微信注册二维码' }).getAttribute('data-qr-text')).toBe(
        `${window.location.origin}/wechat/confirm?ticket=wx1`,
      ),
    );
    expect(screen.queryByLabelText(/^\*?用户名/)).toBeNull();

    status = 'scanned';
    await queryClient.invalidateQueries({ queryKey: ['register'] });
    expect(await screen.findByText('已授权微信：新康药房')).toBeTruthy();
    fillAccount();
    fireEvent.click(screen.getByRole('button', { name: '下一步，完善企业资料' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register/step2'));
    expect(http.post).toHaveBeenCalledWith(
      'register/step1',
      expect.objectContaining({ username: 'newshop', wechat_ticket: 'wx1' }),
    );
  });

  it('offers WeChat registration only where the shop has WeChat: production hides the entry and the page asks for no QR', async () => {
    const { default: RegisterStep1Page } = await import('../../src/features/register/register-step1-page');
    const { default: RegisterWechatPage } = await import('../../src/features/register/register-wechat-page');
    let wechat = true;
    http.get.mockImplementation(async (path: string) => {
      if (path === 'global/shop_mode') return { demo: wechat, wechat };
      throw new Error(`unexpected GET ${path}`);
    });
    const demo = renderInApp(<RegisterStep1Page />, { initial: '/register/step1' });
    expect(await screen.findByRole('link', { name: '微信扫码注册' })).toBeTruthy();
    demo.unmount();

    wechat = false;
    const production = renderInApp(<RegisterStep1Page />, { initial: '/register/step1' });
    expect(await screen.findByRole('link', { name: '连锁总部添加门店' })).toBeTruthy();
    await waitFor(() => expect(http.get).toHaveBeenCalledTimes(2));
    expect(screen.queryByRole('link', { name: '微信扫码注册' })).toBeNull();
    production.unmount();

    renderInApp(<RegisterWechatPage />, { initial: '/register/wechat' });
    expect(await screen.findByText('本站暂未开通微信注册，请使用手机号注册。')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '获取注册二维码' })).toBeNull();
    expect(http.post).not.toHaveBeenCalled();
  });
});
