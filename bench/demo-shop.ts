// The demo shop as the browser benches drive it over HTTP (lighthouse.ts, main-thread.ts, hydration.ts,
// offline-start.ts): sign the demo buyer in, fill its cart, find a goods list to open.
import { CODE_OK } from '../src/domain/envelope.ts';

const DEMO_LOGIN = 'username=demo&password=demo1234';

/** The demo buyer's session cookie (`name=value; …`), from POST /api/user/login. */
export async function signInDemo(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: DEMO_LOGIN,
  });
  const body = (await res.json()) as { code: number; msg?: string };
  if (!res.ok || body.code !== CODE_OK) throw new Error(`demo sign-in failed: ${res.status} ${JSON.stringify(body)}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!cookie) throw new Error('demo sign-in set no cookie');
  return cookie;
}

/** A `name=value; …` cookie header as the cookies a browser context is given for `url`. */
export function cookiesFor(cookie: string, url: string): { name: string; value: string; url: string }[] {
  return cookie.split('; ').map((pair) => {
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url };
  });
}

/** Quick-adds goods 1, 2, … until the cart has `lines` lines (some goods refuse: 控销, no stock). */
export async function fillCart(baseUrl: string, cookie: string, lines: number): Promise<number> {
  let count = 0;
  for (let id = 1; count < lines && id <= lines * 5; id++) {
    const res = await fetch(`${baseUrl}/api/cart/quick_add/${id}`, {
      method: 'POST',
      headers: { cookie, accept: 'application/json' },
    });
    const body = (await res.json()) as { code: number; data: { count: number } | null };
    if (body.code === CODE_OK && body.data) count = body.data.count;
  }
  return count;
}

/** The first level-1 category of GET /api/focus/common (its goods list is a benched page). */
export async function firstCategoryId(baseUrl: string): Promise<number> {
  const res = await fetch(`${baseUrl}/api/focus/common`, { headers: { accept: 'application/json' } });
  const body = (await res.json()) as { data: { category: { id: number }[] } };
  const id = body.data.category[0]?.id;
  if (!id) throw new Error('GET /api/focus/common has no level-1 category');
  return id;
}
