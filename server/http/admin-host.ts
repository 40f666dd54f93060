// ADMIN_HOST (SPEC §6/§7 "an admin variant of the API is used for one distinct host"): when set,
// the console and its API answer only on that host and the shop's pages are not served there;
// unset, the console lives under /admin of the shop's own host.
import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';

/** The request's host name without the port, lower case. */
function hostOf(c: Context): string {
  const host = c.req.header('host') ?? new URL(c.req.url).host;
  return host.replace(/:\d+$/, '').toLowerCase();
}

export function isAdminHostFor(adminHost: string | undefined, c: Context): boolean {
  if (!adminHost) return true;
  return hostOf(c) === adminHost.toLowerCase();
}

/** True when this request may reach the console (always, without ADMIN_HOST). */
export function isAdminHost(c: Context<AppEnv>): boolean {
  return isAdminHostFor(c.get('deps').config.adminHost, c);
}
