// The integration API's OpenAPI 3.1 description (issue 34 §1): served without a signature, valid
// by a standard validator, and naming every route mounted under /api/integration/v1.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validate } from '@readme/openapi-parser';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let doc: {
  openapi: string;
  paths: Record<string, Record<string, { security?: unknown[]; parameters?: { $ref?: string }[] }>>;
};

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.request('/api/integration/v1/openapi.json');
  expect(res.status).toBe(200);
  doc = (await res.json()) as typeof doc;
}, 120_000);
afterAll(() => t.close());

describe('the OpenAPI description', () => {
  it('is OpenAPI 3.1 and validates', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(doc) as Parameters<typeof validate>[0]);
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists every route mounted under /api/integration/v1, and nothing that is not mounted', () => {
    const mounted = t.app.routes
      .filter((r) => r.path.startsWith('/api/integration/v1/') && r.method !== 'ALL')
      .map((r) => `${r.method.toLowerCase()} ${r.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`);
    const documented = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m} ${p}`));
    expect(mounted.length).toBeGreaterThan(2);
    expect([...new Set(mounted)].sort()).toEqual(documented.sort());
  });

  it('asks for the signing headers on signed routes and the Idempotency-Key on signed writes', () => {
    const me = doc.paths['/api/integration/v1/me']!.get!;
    expect(me.security).toEqual([{ signedRequest: [] }]);
    expect(me.parameters!.map((p) => p.$ref)).toEqual([
      '#/components/parameters/Timestamp',
      '#/components/parameters/Nonce',
      '#/components/parameters/Signature',
    ]);
    for (const [p, ops] of Object.entries(doc.paths)) {
      const post = ops.post;
      if (!post || (post.security ?? []).length === 0) continue;
      expect(
        post.parameters!.map((x) => x.$ref),
        p,
      ).toContain('#/components/parameters/IdempotencyKey');
    }
  });
});
