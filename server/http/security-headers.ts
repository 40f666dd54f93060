// Security headers of every page answer (the built index.html and any other .html):
// - Content-Security-Policy: scripts only from the shop's own origin, plus the inline scripts the
//   build really has, each by its sha256 (computed at start from the built file, so a build
//   that adds one keeps working and an injected one does not run; a drawn page's entry loader is
//   added the same way, server/http/ssr.ts). Styles allow 'unsafe-inline':
//   index.html has an inline <style> for the first paint and React sets style attributes;
//   neither runs code. Images may come from any https: origin (banners and goods pictures may
//   live on a CDN the operator names; an image runs nothing). frame-ancestors 'self': only our own pages may frame us (the chat frame
//   is one of our pages inside another); frame-src allows https: because the chat service's
//   address is the operator's setting (site_config chat_url).
// - Strict-Transport-Security when the request came over HTTPS (directly, or per X-Forwarded-Proto
//   behind a trusted proxy): over plain HTTP the header is meaningless and would be ignored.
import { createHash } from 'node:crypto';
import type { Context } from 'hono';

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;
export const HSTS = 'max-age=31536000; includeSubDomains';

/** 'sha256-…' sources of the inline scripts of an HTML page. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)]
    .filter((m) => m[1].trim() !== '')
    .map((m) => `'sha256-${createHash('sha256').update(m[1], 'utf8').digest('base64')}'`);
}

export function contentSecurityPolicy(html: string): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...inlineScriptHashes(html)].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "frame-src 'self' https:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

export function overHttps(c: Context, trustProxy: boolean): boolean {
  if (new URL(c.req.url).protocol === 'https:') return true;
  return trustProxy && (c.req.header('x-forwarded-proto') ?? '').split(',')[0].trim() === 'https';
}
