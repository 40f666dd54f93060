// Sends a stored answer (the catalogue's, server/services/goods/answer-cache.ts, keeps them) as
// the response: its JSON, or its brotli/gzip body made once per stored answer with the settings of
// compress-json.ts, which leaves a response that already has a Content-Encoding alone.
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Context } from 'hono';
import { BROTLI_QUALITY, COMPRESS_THRESHOLD_BYTES, GZIP_LEVEL, pickEncoding } from './compress-json.ts';

/** One stored answer: its JSON envelope, and each compressed form once a client asked for it. */
export interface StoredAnswer {
  json: Buffer;
  /** Whether this request found it stored (joining a build already under way counts as found). */
  hit?: boolean;
  /** Filled here, by the first request that asks for that encoding. */
  compressed: Partial<Record<'br' | 'gzip', Promise<Buffer>>>;
}

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

function compressedBody(answer: StoredAnswer, encoding: 'br' | 'gzip'): Promise<Buffer> {
  const raw = answer.json;
  const made =
    answer.compressed[encoding] ??
    (encoding === 'br'
      ? brotli(raw, {
          params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
        })
      : gz(raw, { level: GZIP_LEVEL }));
  answer.compressed[encoding] = made;
  return made;
}

/** The stored answer as this request's response, compressed as compress-json.ts would. */
export async function sendAnswer(c: Context, answer: StoredAnswer): Promise<Response> {
  const encoding = pickEncoding(c.req.header('Accept-Encoding'));
  // X-Catalogue-Cache says whether the answer was stored already (bench/load.ts counts them).
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Vary: 'Accept-Encoding',
    'X-Catalogue-Cache': answer.hit ? 'hit' : 'miss',
  };
  if (!encoding || answer.json.length < COMPRESS_THRESHOLD_BYTES) {
    return c.body(new Uint8Array(answer.json), 200, headers);
  }
  const body = await compressedBody(answer, encoding);
  return c.body(new Uint8Array(body), 200, {
    ...headers,
    'Content-Encoding': encoding,
    'Content-Length': String(body.length),
  });
}
