// The precache pack (docs/decisions/precache-pack.md): every file the service worker precaches, in
// one file the build writes beside them, so a first visit's install is one request instead of
// ~280. Written by the build (vite.config.ts), read by the worker (sw/precache.ts); shared here so
// the two cannot disagree on the format.
//
// Format: one line of JSON (the header: each file's URL, revision, type and place in the body), a
// newline, then the files' bytes one after another. Served as text so the server and nginx send
// the precompressed copy the build makes of every text file.

/** Where the build writes the pack, under the app's root. */
export const PRECACHE_PACK_PATH = '/precache-pack.txt';

export interface PackedFile {
  /** As in the precache manifest: relative to the app's root (assets/index-3f2a.js). */
  url: string;
  /** The manifest's revision: null for a file whose name carries its content hash. */
  revision: string | null;
  /** Content-Type the file is stored with (a module script is refused without a JavaScript type). */
  type: string;
}

export interface PackEntry extends PackedFile {
  offset: number;
  length: number;
}

interface PackHeader {
  version: 1;
  entries: PackEntry[];
}

const NEWLINE = 0x0a;

export function encodePrecachePack(files: readonly (PackedFile & { body: Uint8Array })[]): Uint8Array {
  let offset = 0;
  const entries: PackEntry[] = files.map(({ url, revision, type, body }) => {
    const entry = { url, revision, type, offset, length: body.byteLength };
    offset += body.byteLength;
    return entry;
  });
  const header = new TextEncoder().encode(JSON.stringify({ version: 1, entries } satisfies PackHeader) + '\n');
  const pack = new Uint8Array(header.byteLength + offset);
  pack.set(header, 0);
  for (const [i, file] of files.entries()) pack.set(file.body, header.byteLength + entries[i]!.offset);
  return pack;
}

export interface DecodedPack {
  entries: PackEntry[];
  /** The entry's bytes: a view into the pack, not a copy. */
  body(entry: PackEntry): Uint8Array<ArrayBuffer>;
}

/** Null for anything that is not a whole pack of this version (a proxy's error page, a cut transfer). */
export function decodePrecachePack(pack: Uint8Array<ArrayBuffer>): DecodedPack | null {
  const end = pack.indexOf(NEWLINE);
  if (end < 0) return null;
  let header: unknown;
  try {
    header = JSON.parse(new TextDecoder().decode(pack.subarray(0, end)));
  } catch {
    return null;
  }
  if (!isHeader(header)) return null;
  const start = end + 1;
  const bodyLength = pack.byteLength - start;
  if (header.entries.some((e) => e.offset + e.length > bodyLength)) return null;
  return {
    entries: header.entries,
    body: (entry) => pack.subarray(start + entry.offset, start + entry.offset + entry.length),
  };
}

function isHeader(value: unknown): value is PackHeader {
  if (typeof value !== 'object' || value === null) return false;
  const { version, entries } = value as { version?: unknown; entries?: unknown };
  return (
    version === 1 &&
    Array.isArray(entries) &&
    entries.every(
      (e: unknown) =>
        typeof e === 'object' &&
        e !== null &&
        typeof (e as PackEntry).url === 'string' &&
        (typeof (e as PackEntry).revision === 'string' || (e as PackEntry).revision === null) &&
        typeof (e as PackEntry).type === 'string' &&
        Number.isSafeInteger((e as PackEntry).offset) &&
        (e as PackEntry).offset >= 0 &&
        Number.isSafeInteger((e as PackEntry).length) &&
        (e as PackEntry).length >= 0,
    )
  );
}
