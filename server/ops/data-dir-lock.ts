// The embedded PGlite database belongs to one process: two processes opening one data folder
// would each cache and write its pages and corrupt it. The server (and backup/restore) therefore
// hold DATA_DIR/server.pid while they use the folder; a second user is refused with a message
// that says who holds it. A file left by a process that died is taken over.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Refusal } from './refusal.ts';

export const LOCK_FILE = 'server.pid';

export interface DataDirLock {
  release: () => void;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function holder(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Takes DATA_DIR for this process, or refuses while another living process holds it. */
export function lockDataDir(dataDir: string): DataDirLock {
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return { release: () => (holder(file) === process.pid ? rmSync(file, { force: true }) : undefined) };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = holder(file);
      if (pid !== null && alive(pid)) {
        throw new Refusal(
          `the data folder ${dataDir} is in use by process ${pid}. ` +
            'The embedded database allows one process: stop that server first ' +
            '(or run several processes on PostgreSQL with DATABASE_URL).',
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`could not take the data folder ${dataDir} (${file} keeps reappearing)`);
}
