// Upload type sniffing (server/services/uploads.ts): the bytes decide, not the name.
import { describe, expect, it } from 'vitest';
import { sniffType } from '../../server/services/uploads.ts';

const bytes = (...b: number[]) => new Uint8Array(b);

describe('sniffType', () => {
  it('recognises PDF, JPEG and PNG signatures', () => {
    expect(sniffType(new TextEncoder().encode('%PDF-1.7\n'))).toBe('application/pdf');
    expect(sniffType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe('image/jpeg');
    expect(sniffType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image/png');
  });

  it('refuses everything else, including truncated signatures', () => {
    expect(sniffType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(sniffType(new TextEncoder().encode('GIF89a'))).toBeNull();
    expect(sniffType(bytes(0x4d, 0x5a, 0x90, 0))).toBeNull(); // MZ: a Windows executable
    expect(sniffType(bytes(0x89, 0x50, 0x4e))).toBeNull();
    expect(sniffType(bytes())).toBeNull();
  });
});
