// `--name value` from the command line of a bench run directly (`npx tsx bench/x.ts --goods 100000`).
export function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}
