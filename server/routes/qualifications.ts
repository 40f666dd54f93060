// /api/user/zizhi (资质证照: list, file, renewal) and /api/user/jyfw (经营范围) of the member's own
// company. Rules: server/services/qualifications/; the renewal form's fields: src/domain/certificate-renewal.ts.
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { ok } from '../http/envelope.ts';
import { readInput } from '../http/validate.ts';
import { requireCompany } from '../auth/session.ts';
import { objectId } from '../http/params.ts';
import { renewalFieldsSchema } from '@domain/certificate-renewal.ts';
import {
  CERTIFICATE_NOT_FOUND,
  certificateFile,
  checkCertificateUpload,
  listCertificates,
  renewCertificate,
} from '../services/qualifications/certificates.ts';
import { businessScopeOf } from '../services/qualifications/business-scope.ts';
import { fileResponse } from '../http/file-response.ts';

export const qualificationRoutes = new Hono<AppEnv>();

qualificationRoutes.get('/zizhi', async (c) => {
  const user = requireCompany(c);
  const { db, clock } = c.get('deps');
  return ok(c, await listCertificates(db, user.companyId, clock()));
});

qualificationRoutes.get('/zizhi/:id/file', async (c) => {
  const user = requireCompany(c);
  const id = objectId(c.req.param('id'), CERTIFICATE_NOT_FOUND);
  const file = await certificateFile(c.get('deps').db, user.companyId, id);
  return fileResponse(c, file);
});

/** Multipart: file (PDF/JPG/PNG ≤ 5 MiB), number, issuer, expires_on. */
qualificationRoutes.post('/zizhi/:id/renew', async (c) => {
  const user = requireCompany(c);
  const id = objectId(c.req.param('id'), CERTIFICATE_NOT_FOUND);
  const fields = readInput(c, renewalFieldsSchema);
  const file = await checkCertificateUpload((c.get('body') ?? {}).file);
  const { db, clock } = c.get('deps');
  const now = clock();
  await renewCertificate(db, user.companyId, id, fields, file, now);
  return ok(c, await listCertificates(db, user.companyId, now), '新证件已提交，审核通过前原证件继续有效');
});

qualificationRoutes.get('/jyfw', async (c) => {
  const user = requireCompany(c);
  return ok(c, await businessScopeOf(c.get('deps').db, user.companyId));
});
