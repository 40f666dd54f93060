// The chat frame's script and stylesheet, made by `npm run build` (scripts/build-server.mjs) into
// dist-server/: the script bundled from client/main.ts, the stylesheet the shop's design tokens
// followed by the frame's own rules (frame.css, colours only as tokens). Read once per process.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { projectRoot } from '../project-root.ts';

/** Where scripts/build-server.mjs writes them (CHAT_FRAME_FILES there). */
const FILES = { js: 'dist-server/chat-frame.js', css: 'dist-server/chat-frame.css' } as const;

const built = new Map<'js' | 'css', Promise<string>>();

async function read(kind: 'js' | 'css'): Promise<string> {
  const file = path.join(projectRoot, FILES[kind]);
  try {
    return await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT')
      throw new Error(`${FILES[kind]} is missing: run \`npm run build\``);
    throw err;
  }
}

export function frameAsset(kind: 'js' | 'css'): Promise<string> {
  let p = built.get(kind);
  if (!p) {
    p = read(kind);
    // A failed read (no build yet) is retried on the next request rather than kept.
    p.catch(() => built.delete(kind));
    built.set(kind, p);
  }
  return p;
}
