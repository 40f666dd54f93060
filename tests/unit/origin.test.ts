// CSRF origin rule (server/http/origin.ts).
import { describe, expect, it } from 'vitest';
import { isAllowedOrigin } from '../../server/http/origin.ts';

describe('isAllowedOrigin', () => {
  it('allows the request’s own host and listed origins only', () => {
    expect(isAllowedOrigin('http://localhost:3000', 'localhost:3000', [])).toBe(true);
    expect(isAllowedOrigin('https://shop.example', 'SHOP.example', [])).toBe(true);
    expect(isAllowedOrigin('http://localhost:5173', 'localhost:3000', [])).toBe(false);
    expect(isAllowedOrigin('https://evil.example', 'shop.example', [])).toBe(false);
    expect(isAllowedOrigin('https://shop.example.evil.example', 'shop.example', [])).toBe(false);
    expect(isAllowedOrigin('https://admin.shop.example', 'shop.example', ['https://admin.shop.example/'])).toBe(true);
    expect(isAllowedOrigin('null', 'shop.example', [])).toBe(false);
    expect(isAllowedOrigin('file://x', 'shop.example', [])).toBe(false);
  });
});
