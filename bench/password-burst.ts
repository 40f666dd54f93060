// Memory a burst of parallel sign-ins needs for password hashing (issue 29 §3;
// docs/decisions/password-hashing.md). Each case runs in a fresh child process: 40 password checks
// at once at the stored cost, the peak resident memory above the process's memory just before.
//   npx tsx bench/password-burst.ts      (also `npm run bench -- --only password-burst`)
// "through the slots" is verifyPassword as sign-in calls it; "unbounded" is the same scrypt called
// directly, bounded only by libuv's thread pool (UV_THREADPOOL_SIZE, 4 by default).
import { fork } from 'node:child_process';
import { scrypt } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { hashPassword, PASSWORD_COST, verifyPassword } from '../server/auth/password.ts';
import { HASH_SLOTS, hashSlotStats } from '../server/auth/hash-slots.ts';

const BURST = 40;
const MIB = 1024 * 1024;
/** One scrypt block at PASSWORD_COST: 128·N·r bytes. */
const BLOCK_MIB = (128 * 2 ** PASSWORD_COST.logN * PASSWORD_COST.r) / MIB;
/** libuv's thread pool, where node:crypto runs scrypt. */
const THREADS = Number(process.env.UV_THREADPOOL_SIZE ?? 4);
/**
 * glibc keeps a freed scrypt block in the arena of the thread that ran it (the mmap threshold
 * rises to the block's size after the first free), so the resident peak is one block per pool
 * thread that ever hashed, whatever the slots: the budget is that, plus a quarter for slack.
 */
const BUDGET_MIB = THREADS * BLOCK_MIB * 1.25;

type Mode = 'slots' | 'unbounded';
interface Measured {
  mode: Mode;
  extraMiB: number;
  peakInFlight: number;
}

async function child(mode: Mode): Promise<Measured> {
  const { hash, salt } = await hashPassword('demo1234');
  const key = Buffer.from(hash.slice(hash.lastIndexOf('$') + 1), 'hex');
  if (global.gc) global.gc();
  const before = process.memoryUsage().rss;
  const N = 2 ** PASSWORD_COST.logN;
  const raw = () =>
    new Promise<boolean>((resolve, reject) =>
      scrypt(
        'demo1234',
        Buffer.from(salt, 'hex'),
        64,
        { N, r: PASSWORD_COST.r, p: PASSWORD_COST.p, maxmem: 256 * MIB },
        (err, k) => (err ? reject(err) : resolve(k.equals(key))),
      ),
    );
  const results = await Promise.all(
    Array.from({ length: BURST }, () => (mode === 'slots' ? verifyPassword('demo1234', hash, salt) : raw())),
  );
  if (!results.every(Boolean)) throw new Error('a check failed');
  // maxRSS is in KiB on Linux; it is the peak of the whole process, taken after the burst.
  const extraMiB = (process.resourceUsage().maxRSS * 1024 - before) / MIB;
  return { mode, extraMiB, peakInFlight: mode === 'slots' ? hashSlotStats().peak : THREADS };
}

function runChild(mode: Mode): Promise<Measured> {
  return new Promise((resolve, reject) => {
    const proc = fork(fileURLToPath(import.meta.url), ['--child', mode], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    proc.once('message', (m) => resolve(m as Measured));
    proc.once('error', reject);
    proc.once('exit', (code) => code !== 0 && reject(new Error(`child ${mode} exited ${code}`)));
  });
}

export async function passwordBurstBudget(): Promise<boolean> {
  console.log(
    `== Password hashing: ${BURST} parallel checks at N=2^${PASSWORD_COST.logN}, r=${PASSWORD_COST.r}, p=${PASSWORD_COST.p} (${BLOCK_MIB} MiB a hash) ==`,
  );
  const slots = await runChild('slots');
  const unbounded = await runChild('unbounded');
  for (const m of [slots, unbounded]) {
    console.log(
      `${m.mode === 'slots' ? 'through the slots' : 'unbounded'}: peak ${m.extraMiB.toFixed(1)} MiB above the idle process, at most ${m.peakInFlight} hashes at once`,
    );
  }
  const pass = slots.extraMiB <= BUDGET_MIB && slots.peakInFlight <= HASH_SLOTS;
  console.log(
    `budget ≤ ${BUDGET_MIB} MiB (${THREADS} pool threads × ${BLOCK_MIB} MiB + 25 %) through the slots: ${pass ? 'met' : 'NOT met'}`,
  );
  return pass;
}

if (process.argv[2] === '--child') {
  const mode = process.argv[3] as Mode;
  void child(mode).then((m) => {
    process.send?.(m);
    process.exit(0);
  });
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  void passwordBurstBudget().then((pass) => {
    process.exitCode = pass ? 0 : 1;
  });
}
