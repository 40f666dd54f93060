// Writes the precache pack (src/domain/precache-pack.ts, docs/decisions/precache-pack.md) while the
// shop's build injects the precache manifest into dist/sw.js: a workbox-build manifest transform,
// so the pack holds exactly the files, URLs and revisions of the manifest the worker carries. Each
// file gets the Content-Type the server would send it with (the same table, hono's).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { getMimeType } from 'hono/utils/mime';
import type { VitePWAOptions } from 'vite-plugin-pwa';
import { encodePrecachePack, PRECACHE_PACK_PATH } from '../src/domain/precache-pack';

/** URLs in the precache manifest injected into dist/sw.js (`[{"revision":…,"url":"…"},…]`). */
export function precacheUrls(swSource: string): string[] {
  return [...new Set([...swSource.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1]!))];
}

type ManifestTransform = NonNullable<NonNullable<VitePWAOptions['injectManifest']>['manifestTransforms']>[number];

export function writePrecachePack(distDir: string): ManifestTransform {
  return async (entries) => {
    const files = entries.map(({ url, revision }) => ({
      url,
      revision: revision ?? null,
      type: getMimeType(url) ?? 'application/octet-stream',
      body: readFileSync(path.join(distDir, url)),
    }));
    writeFileSync(path.join(distDir, PRECACHE_PACK_PATH), encodePrecachePack(files));
    return { manifest: entries, warnings: [] };
  };
}
