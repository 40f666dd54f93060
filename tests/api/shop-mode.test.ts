// GET /api/global/shop_mode carries the operator's licences and QR codes: the demo's invented
// licences only in the demo, the configured ones (SHOP_LICENCES, SHOP_QR_*) in either mode, and in
// production nothing that is not configured.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { readShopFrontSettings } from '../../server/ops/shop-front-settings.ts';
import { Refusal } from '../../server/ops/refusal.ts';
import type { ShopMode } from '../../src/domain/contracts.ts';

const NO_QR = { mini_program: null, wechat_official: null };
const LICENCE = { name: '《药品经营许可证》', number: '沪AA0210001' };

const apps: TestApp[] = [];
const app = async (config: Parameters<typeof createTestApp>[0] = {}) => {
  const t = await createTestApp(config);
  apps.push(t);
  return t;
};
const shopMode = async (t: TestApp): Promise<ShopMode> => {
  const res = await t.call<ShopMode>('GET', '/api/global/shop_mode');
  expect(res.status).toBe(200);
  return res.body.data;
};

let demo: TestApp;
let production: TestApp;
beforeAll(async () => {
  demo = await app();
  production = await app({ config: { demo: false, devEndpoints: false } });
});
afterAll(async () => {
  await Promise.all(apps.map((t) => t.close()));
});

describe('GET /api/global/shop_mode: licences and QR codes', () => {
  it('the demo answers its invented licences and no QR image (the client draws placeholders)', async () => {
    const mode = await shopMode(demo);
    expect(mode).toMatchObject({ demo: true, online_pay: 'sandbox', wechat: true, qr_codes: NO_QR });
    expect(mode.licences.map((l) => l.name)).toEqual([
      '《药品经营许可证》',
      '《互联网药品信息服务资格证书》',
      '《医疗器械经营许可证》',
    ]);
    expect(mode.licences[0].number).toBe('粤AA0200618');
  });

  it('production without settings answers no licence and no QR code', async () => {
    expect(await shopMode(production)).toEqual({
      demo: false,
      online_pay: null,
      wechat: false,
      licences: [],
      qr_codes: NO_QR,
    });
  });

  it('production answers the configured licences and QR images', async () => {
    const t = await app({
      config: {
        demo: false,
        devEndpoints: false,
        licences: [LICENCE],
        qrCodes: { wechat_official: 'https://cdn.example.com/wx.png' },
      },
    });
    expect(await shopMode(t)).toMatchObject({
      licences: [LICENCE],
      qr_codes: { mini_program: null, wechat_official: 'https://cdn.example.com/wx.png' },
    });
  });
});

describe('SHOP_LICENCES and SHOP_QR_* settings', () => {
  const read = (env: Record<string, string>) => readShopFrontSettings((name) => env[name]);
  const refusal = (env: Record<string, string>): string => {
    try {
      read(env);
    } catch (err) {
      if (err instanceof Refusal) return err.message;
      throw err;
    }
    return '';
  };

  it('reads the licences as JSON and the QR codes as image addresses', () => {
    expect(
      read({
        SHOP_LICENCES: JSON.stringify([{ name: ' 《药品经营许可证》', number: '沪AA0210001 ' }]),
        SHOP_QR_MINI_PROGRAM: '/qr/mini.png',
      }),
    ).toEqual({ licences: [LICENCE], qrCodes: { mini_program: '/qr/mini.png' } });
  });

  it('sets nothing when nothing is set', () => {
    expect(read({})).toEqual({});
  });

  it('refuses licences that are not a list of names and numbers', () => {
    for (const bad of [
      '粤AA0200618',
      '{"name":"x","number":"y"}',
      '[{"name":"《药品经营许可证》"}]',
      '[{"name":"","number":"1"}]',
    ]) {
      expect(refusal({ SHOP_LICENCES: bad })).toMatch(/^SHOP_LICENCES is not a JSON list/);
    }
  });

  it('refuses a QR address the page may not load', () => {
    for (const bad of [
      'http://cdn.example.com/mini.png',
      '//cdn.example.com/mini.png',
      'javascript:alert(1)',
      'mini.png',
    ]) {
      expect(refusal({ SHOP_QR_WECHAT_OFFICIAL: bad })).toMatch(/^SHOP_QR_WECHAT_OFFICIAL=.* is not an image address/);
    }
  });
});
