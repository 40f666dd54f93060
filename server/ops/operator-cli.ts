// npm run operator -- --username admin --name 赵敏 --phone 13500000001 --role admin [--totp]
// Creates a console operator in the database the server uses (DATABASE_URL, else PGlite under
// DATA_DIR, as `npm run seed`). Production loads no demo operators, so its first admin comes from
// here. The password is read from OPERATOR_PASSWORD, never from the command line (which shell
// history and `ps` keep). With --totp the account needs a code from the start: scan the printed URI.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/client.ts';
import { AppError } from '../http/envelope.ts';
import { createOperator } from '../services/admin/operators.ts';
import { isOperatorRole, OPERATOR_ROLES } from '@domain/operator-roles.ts';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const USAGE = `usage: OPERATOR_PASSWORD=… npm run operator -- --username NAME --name 姓名 --phone PHONE --role ${OPERATOR_ROLES.join('|')} [--totp]`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      username: { type: 'string' },
      name: { type: 'string' },
      phone: { type: 'string', default: '' },
      role: { type: 'string' },
      totp: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const password = process.env.OPERATOR_PASSWORD ?? '';
  if (!values.username || !values.name || !isOperatorRole(values.role) || password === '') {
    console.error(USAGE);
    return 2;
  }
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = databaseUrl
    ? undefined
    : path.join(path.resolve(process.env.DATA_DIR || path.join(projectRoot, 'data')), 'pglite');
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const opened = await openDatabase({ databaseUrl, dataDir });
  try {
    const created = await createOperator(
      opened.db,
      {
        username: values.username,
        name: values.name,
        phone: values.phone,
        role: values.role,
        password,
        totp: values.totp,
      },
      new Date(),
    );
    console.log(`operator ${values.username} (${values.role}) created, id ${created.id}`);
    if (created.otpauth_uri) console.log(`TOTP required; add to an authenticator app: ${created.otpauth_uri}`);
    return 0;
  } catch (err) {
    if (err instanceof AppError) {
      console.error(`refused: ${err.message}`);
      return 1;
    }
    throw err;
  } finally {
    await opened.close();
  }
}

process.exitCode = await main();
