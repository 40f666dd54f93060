// CSRF origin rule (server/http/origin.ts): an origin is scheme, host and port.
import { describe, expect, it } from 'vitest';
import { isAllowedOrigin } from '../../server/http/origin.ts';

describe('isAllowedOrigin', () => {
  it('allows the request’s own origin and listed origins only', () => {
    expect(isAllowedOrigin('http://localhost:3000', 'http://localhost:3000', [])).toBe(true);
    expect(isAllowedOrigin('https://SHOP.example:443', 'https://shop.example', [])).toBe(true);
    expect(isAllowedOrigin('http://localhost:5173', 'http://localhost:3000', [])).toBe(false);
    expect(isAllowedOrigin('https://evil.example', 'https://shop.example', [])).toBe(false);
    expect(isAllowedOrigin('https://shop.example.evil.example', 'https://shop.example', [])).toBe(false);
    expect(isAllowedOrigin('https://admin.shop.example', 'https://shop.example', ['https://admin.shop.example/'])).toBe(
      true,
    );
    expect(isAllowedOrigin('null', 'https://shop.example', [])).toBe(false);
    expect(isAllowedOrigin('file://x', 'https://shop.example', [])).toBe(false);
  });

  it('refuses our own host name over another scheme or port', () => {
    expect(isAllowedOrigin('http://shop.example', 'https://shop.example', [])).toBe(false);
    expect(isAllowedOrigin('https://shop.example', 'http://shop.example', [])).toBe(false);
    expect(isAllowedOrigin('https://shop.example:8443', 'https://shop.example', [])).toBe(false);
    expect(isAllowedOrigin('https://shop.example', null, [])).toBe(false);
  });
});
