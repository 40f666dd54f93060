// `npm run backup`: writes shop-<UTC time>.pglite.tar.gz (embedded database; stop the server
// first) or shop-<UTC time>.pgdump (DATABASE_URL; while it runs) into BACKUP_DIR (./backups) and
// prints its path. DATA_DIR as for the server (./data).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { backup } from './backup.ts';
import { Refusal } from './refusal.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const env = (name: string): string | undefined => process.env[name] || undefined;

backup(
  { dataDir: path.resolve(env('DATA_DIR') ?? path.join(root, 'data')), databaseUrl: env('DATABASE_URL') },
  path.resolve(env('BACKUP_DIR') ?? path.join(root, 'backups')),
).then(
  (file) => console.log(`backup written: ${file}`),
  (err: unknown) => {
    console.error(err instanceof Refusal ? `refusing to back up: ${err.message}` : err);
    process.exit(1);
  },
);
