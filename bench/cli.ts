// The command line of a bench run directly (`npx tsx bench/x.ts --goods 100000`).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** `--name value`, or the fallback. */
export function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

/** The options of a bench over a buyer's lines (the cart list, checkout). */
export interface LinesBenchOptions {
  goods: number;
  iterations: number;
  lines: number;
  explain: boolean;
}

/**
 * Runs `bench` when its module is the command itself (`npx tsx bench/cart.ts --goods 100000
 * --iterations 50 --lines 300 --explain`), the exit code saying whether its budget was met.
 */
export async function runWhenCommand(
  moduleUrl: string,
  bench: (opts: LinesBenchOptions) => Promise<boolean>,
  defaults: Omit<LinesBenchOptions, 'explain'>,
): Promise<void> {
  if (!process.argv[1] || path.resolve(process.argv[1]) !== fileURLToPath(moduleUrl)) return;
  const pass = await bench({
    goods: Number(arg('goods', String(defaults.goods))),
    iterations: Number(arg('iterations', String(defaults.iterations))),
    lines: Number(arg('lines', String(defaults.lines))),
    explain: process.argv.includes('--explain'),
  });
  process.exitCode = pass ? 0 : 1;
}
