// SPEC §8, code by code, without a DOM.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/http/client';
import { describeError } from '../../src/ui/error-catalogue';

const ctx = { pathname: '/cart/step2', search: '?ids=1,2&new=1' };

function answered(code: number, msg = '服务器的消息', extra: Partial<ConstructorParameters<typeof ApiError>[0]> = {}) {
  return new ApiError({ code, status: code >= 400 && code < 600 ? code : 200, msg, ...extra });
}

describe('describeError', () => {
  it.each([10001, 401])('code %i redirects to login with the current path and search', (code) => {
    expect(describeError(answered(code), ctx)).toEqual({
      type: 'redirect-login',
      to: `/login?redirect=${encodeURIComponent('/cart/step2?ids=1,2&new=1')}`,
    });
  });

  it('encodes the redirect so it survives as one query value', () => {
    const action = describeError(answered(10001), { pathname: '/search', search: '?keywords=感冒灵&type=1' });
    expect(action.type).toBe('redirect-login');
    const to = action.type === 'redirect-login' ? action.to : '';
    expect(new URL(to, 'http://x').searchParams.get('redirect')).toBe('/search?keywords=感冒灵&type=1');
  });

  it('does not redirect to login from the login page', () => {
    expect(describeError(answered(10001), { pathname: '/login', search: '?redirect=%2F' })).toEqual({ type: 'ignore' });
  });

  it('code 459 shows the message, then goes to /dzht', () => {
    expect(describeError(answered(459, '请先签署电子合同'), ctx)).toEqual({
      type: 'message-then-redirect',
      message: '请先签署电子合同',
      to: '/dzht',
    });
  });

  it('code 422 toasts the first message of the first field with an error tone', () => {
    const err = answered(422, '整体消息', {
      fieldErrors: { phone: ['手机号格式不正确', '手机号已存在'], name: ['请填写联系人'] },
    });
    expect(describeError(err, ctx)).toEqual({ type: 'toast', tone: 'error', message: '手机号格式不正确' });
  });

  it('code 422 skips an empty first field and falls back to msg without field errors', () => {
    const sparse = answered(422, '整体消息', { fieldErrors: { phone: [], name: ['请填写联系人'] } });
    expect(describeError(sparse, ctx)).toEqual({ type: 'toast', tone: 'error', message: '请填写联系人' });
    expect(describeError(answered(422, '整体消息'), ctx)).toEqual({
      type: 'toast',
      tone: 'error',
      message: '整体消息',
    });
    expect(describeError(answered(422, ''), ctx)).toEqual({ type: 'toast', tone: 'error', message: '提交的信息有误' });
  });

  it.each([400, 403, 404, 409, 429, 499, 10002])('code %i alerts the server message titled 温馨提示', (code) => {
    expect(describeError(answered(code, '库存不足'), ctx)).toEqual({
      type: 'alert',
      title: '温馨提示',
      message: '库存不足',
    });
  });

  it('a server fault with the request id toasts it, for the buyer to quote', () => {
    expect(describeError(answered(500, 'internal detail', { requestId: '3f9a0c2b7d1e4a56' }), ctx)).toEqual({
      type: 'toast',
      tone: 'error',
      message: '系统繁忙，请稍候再试（编号 3f9a0c2b7d1e4a56）',
    });
  });

  it.each([500, 502, 503, 599])('code %i toasts 系统繁忙，请稍候再试', (code) => {
    expect(describeError(answered(code, 'internal detail'), ctx)).toEqual({
      type: 'toast',
      tone: 'error',
      message: '系统繁忙，请稍候再试',
    });
  });

  it('a timeout alerts with a refresh button that reloads', () => {
    const err = new ApiError({ code: 0, status: 0, msg: 'x', kind: 'timeout' });
    expect(describeError(err, ctx)).toEqual({
      type: 'alert',
      title: '温馨提示',
      message: '请求超时，请刷新页面',
      action: { label: '刷新', kind: 'reload' },
    });
  });

  it('a network failure is a gentle toast', () => {
    const err = new ApiError({ code: 0, status: 0, msg: 'x', kind: 'network' });
    expect(describeError(err, ctx)).toEqual({ type: 'toast', tone: 'info', message: '网络连接失败，请检查网络' });
  });

  it('an aborted request is ignored', () => {
    const err = new ApiError({ code: 0, status: 0, msg: 'x', kind: 'aborted' });
    expect(describeError(err, ctx)).toEqual({ type: 'ignore' });
  });

  it('anything that is not an ApiError toasts the busy message without details', () => {
    expect(describeError(new Error('Cannot read properties of undefined'), ctx)).toEqual({
      type: 'toast',
      tone: 'error',
      message: '系统繁忙，请稍候再试',
    });
    expect(describeError('weird', ctx).type).toBe('toast');
  });
});
