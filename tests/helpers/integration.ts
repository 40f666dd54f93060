// Integration API fixtures: a client made through the console's own endpoint (as a 管理员 does),
// and the reference ERP client (scripts/erp/client.ts) speaking to the in-process app at the test
// clock's time.
//   const erp = await integrationClient(t, ['stock:write']);
//   const res = await erp.post('/stock', { items: [...] });
import { ErpClient } from '../../scripts/erp/client.ts';
import type { TestApp } from './test-app.ts';
import { roleOperator } from './operators.ts';

export interface MadeClient {
  erp: ErpClient;
  id: number;
  keyId: string;
  secret: string;
  adminCookie: string;
}

/** The ERP client for the in-process app of `t`. */
export const erpFor = (t: TestApp, keyId: string, secret: string): ErpClient =>
  new ErpClient({
    baseUrl: 'http://localhost',
    keyId,
    secret,
    fetch: (req) => Promise.resolve(t.app.request(req)),
    now: () => t.clock.now(),
  });

export async function integrationClient(t: TestApp, scopes: string[], name = '测试ERP'): Promise<MadeClient> {
  const { cookie } = await roleOperator(t, 'admin');
  const res = await t.call('POST', '/api/admin/integration-clients', { body: { name, scopes }, cookie });
  if (res.status !== 200) throw new Error(`integrationClient: ${res.status} ${res.body.msg}`);
  const { key_id: keyId, secret, client } = res.body.data as { key_id: string; secret: string; client: { id: number } };
  return { erp: erpFor(t, keyId, secret), id: client.id, keyId, secret, adminCookie: cookie };
}
