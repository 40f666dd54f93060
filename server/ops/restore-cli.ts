// `npm run restore FILE`: restores a backup of `npm run backup` into an empty data folder
// (DATA_DIR, ./data) or, for a .pgdump, into the empty database of DATABASE_URL.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { restore } from './backup.ts';
import { Refusal } from './refusal.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const env = (name: string): string | undefined => process.env[name] || undefined;
const file = process.argv[2];

if (!file) {
  console.error('usage: npm run restore FILE');
  process.exit(2);
}
restore(path.resolve(file), {
  dataDir: path.resolve(env('DATA_DIR') ?? path.join(root, 'data')),
  databaseUrl: env('DATABASE_URL'),
}).then(
  () => console.log(`restored ${file}`),
  (err: unknown) => {
    console.error(err instanceof Refusal ? `refusing to restore: ${err.message}` : err);
    process.exit(1);
  },
);
