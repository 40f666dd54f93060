// `npm run dev`: the shop with hot reload. Vite serves the PWA (http://localhost:5173) and
// proxies /api, /media and /kf to the API server (vite.config.ts), which runs beside it under
// `tsx watch` on PORT 3000 and restarts when a server file changes. Ctrl-C stops both; if either
// exits, the other is stopped too. The operator console and the server-drawn first screens are
// the built app's: `npm start` serves those.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

const children = [
  spawn(bin('tsx'), ['watch', 'server/index.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: '3000' },
  }),
  spawn(bin('vite'), process.argv.slice(2), { cwd: root, stdio: 'inherit' }),
];

let exitCode = 0;
const stopAll = () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
};
for (const child of children) {
  child.on('exit', (code) => {
    if (code) exitCode = code;
    stopAll();
    if (children.every((c) => c.exitCode !== null || c.signalCode !== null)) process.exit(exitCode);
  });
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, stopAll);
