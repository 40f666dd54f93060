// .oxlintrc.json through oxlint, as `npm run lint` runs it, on small planted files: the rules the
// team relies on run (so a disable comment guards something), a disable comment that guards
// nothing fails, and the rules turned off for a stated reason stay off (docs/decisions/lint-and-format.md).
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OXLINT = path.join(REPO, 'node_modules/oxlint/bin/oxlint');

let root = '';

/** Lints one planted file with the repository's config and lint flags; the unix-format lines. */
function lint(file: string, text: string): { status: number | null; out: string } {
  root = mkdtempSync(path.join(os.tmpdir(), 'lint-'));
  copyFileSync(path.join(REPO, '.oxlintrc.json'), path.join(root, '.oxlintrc.json'));
  writeFileSync(path.join(root, file), text);
  const result = spawnSync(
    process.execPath,
    [OXLINT, '--report-unused-disable-directives-severity=error', '-f', 'unix', file],
    { cwd: root, encoding: 'utf8' },
  );
  return { status: result.status, out: result.stdout + result.stderr };
}

afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = '';
});

const MISSING_DEP = `import { useEffect, useState } from 'react';
export function Counter({ step }: { step: number }) {
  const [n, setN] = useState(0);
  useEffect(() => {
    const t = setInterval(() => setN((v) => v + step), 1000);
    return () => clearInterval(t);
  }, []);
  return <p>{n}</p>;
}
`;

describe('npm run lint', () => {
  it('reports a hook whose dependencies are missing (react-hooks/exhaustive-deps runs)', () => {
    const { status, out } = lint('counter.tsx', MISSING_DEP);
    expect(status).not.toBe(0);
    expect(out).toContain('react-hooks(exhaustive-deps)');
  });

  it('accepts that hook once a disable comment says why', () => {
    const guarded = MISSING_DEP.replace(
      '  }, []);',
      '    // eslint-disable-next-line react-hooks/exhaustive-deps -- the first step only\n  }, []);',
    );
    expect(lint('counter.tsx', guarded)).toEqual({ status: 0, out: '' });
  });

  it('reports an `any` without a disable comment, and a hook called in a loop', () => {
    const { status, out } = lint(
      'bad.tsx',
      "import { useState } from 'react';\nexport const f = (x: any) => x;\nexport function C({ n }: { n: number }) {\n  for (let i = 0; i < n; i++) useState(i);\n  return null;\n}\n",
    );
    expect(status).not.toBe(0);
    expect(out).toContain('typescript(no-explicit-any)');
    expect(out).toContain('rules-of-hooks');
  });

  it('fails on a disable comment that guards nothing', () => {
    const { status, out } = lint(
      'plain.ts',
      '// eslint-disable-next-line no-control-regex -- nothing here\nexport const x = /a/;\n',
    );
    expect(status).not.toBe(0);
    expect(out).toContain('Unused eslint-disable directive');
  });

  it('keeps the rules turned off for a reason off: role="status" notices, listener snapshots', () => {
    const { status, out } = lint(
      'notice.tsx',
      'export const Notice = ({ text }: { text: string }) => <p role="status">{text}</p>;\nconst listeners = new Set<() => void>();\nexport function emit(): void {\n  for (const l of [...listeners]) l();\n}\n',
    );
    expect(out).toBe('');
    expect(status).toBe(0);
  });
});
