// The operator console's component tests share these: the signed-in operator as GET /api/admin/me
// answers it, and the console app opened at a path (its router reads window.location).
import { render } from '@testing-library/react';
import { ConsoleApp } from '../../admin/src/app/console-app';
import type { Operator } from '../../src/domain/admin';
import type { OperatorRole } from '../../src/domain/operator-roles';

/** An operator of `role` (no second factor unless `totp`); `over` changes id or name. */
export function operator(
  role: OperatorRole,
  totp = false,
  over: Partial<Pick<Operator, 'id' | 'name'>> = {},
): Operator {
  return { id: 1, username: role, name: '测试员', role, totp_enabled: totp, ...over };
}

/** Renders the console at `path` (e.g. '/admin/goods/7'). */
export function openAt(path: string) {
  window.history.replaceState(null, '', path);
  return render(<ConsoleApp />);
}
