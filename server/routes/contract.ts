// The e-contract (电子合同, /dzht; docs/api.md "E-contract"): read it with the company's details,
// sign the current version, download the signed contract as a PDF. The company is the one the
// session acts for, so a head office acting as a store reads and signs the store's contract.
// Rules: server/services/contracts/.
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { notFound, ok } from '../http/envelope.ts';
import { readInput } from '../http/validate.ts';
import { matchesIfNoneMatch, weakTagOf } from '../http/entity-tag.ts';
import { clientIp } from '../http/client-ip.ts';
import { requireCompany } from '../auth/session.ts';
import { contractParty, contractView, signatureOf } from '../services/contracts/view.ts';
import { findSignature, NOT_SIGNED_MSG, signContract } from '../services/contracts/signing.ts';
import { contractVersion } from '../services/contracts/versions.ts';
import { renderContractPdf } from '../services/contracts/pdf.ts';
import type { ContractView } from '@domain/e-contract.ts';

export const contractRoutes = new Hono<AppEnv>();

const signBody = z.object({
  version: z
    .string({ error: '请阅读合同后再签署' })
    .trim()
    .min(1, { error: '请阅读合同后再签署' })
    .max(50, { error: '合同版本不正确' }),
});

contractRoutes.get('/contract', async (c) => {
  const user = requireCompany(c);
  return ok<ContractView>(c, await contractView(c.get('deps').db, user.companyId));
});

contractRoutes.post('/contract/sign', async (c) => {
  const user = requireCompany(c);
  const { version } = readInput(c, signBody);
  const { db, clock } = c.get('deps');
  await signContract(db, {
    companyId: user.companyId,
    userId: user.userId,
    version,
    ip: clientIp(c),
    userAgent: c.req.header('user-agent') ?? '',
    now: clock(),
  });
  return ok<ContractView>(c, await contractView(db, user.companyId), '电子合同签署成功');
});

contractRoutes.get('/contract/pdf', async (c) => {
  const user = requireCompany(c);
  const { db } = c.get('deps');
  const row = await findSignature(db, user.companyId);
  if (!row) throw notFound(NOT_SIGNED_MSG);
  const party = await contractParty(db, user.companyId);
  const data = { version: contractVersion(row.version), party, signature: signatureOf(row) };
  // A signed-in device asks for it at every start (its offline papers, src/api/papers.ts): named by
  // what it says (the version's text, the parties, the signature), a copy the device holds is
  // answered 304 and the PDF is not drawn again. A change of layout alone keeps the tag: the copy
  // the device holds says the same.
  const tag = weakTagOf(['e-contract', data]);
  const caching = { ETag: tag, 'Cache-Control': 'private, no-cache' };
  if (matchesIfNoneMatch(c.req.header('if-none-match'), tag)) return c.body(null, 304, caching);
  const pdf = await renderContractPdf(data);
  const name = `电子合同-${party.name}-${row.version}.pdf`;
  return c.body(new Uint8Array(pdf), 200, {
    ...caching,
    'Content-Type': 'application/pdf',
    'Content-Length': String(pdf.byteLength),
    // ASCII filename for old clients, the Chinese one (RFC 6266 / 5987) for the rest.
    'Content-Disposition': `attachment; filename="contract-${row.companyId}.pdf"; filename*=UTF-8''${encodeURIComponent(name)}`,
    'X-Content-Type-Options': 'nosniff',
  });
});
