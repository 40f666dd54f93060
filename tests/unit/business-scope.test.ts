// The pure buying rule (src/domain/business-scope.ts) and certificate expiry
// (src/domain/qualifications.ts): what blocks, in which order, and where the day boundary lies.
import { describe, expect, it } from 'vitest';
import { purchaseBlock, UNRESTRICTED } from '../../src/domain/business-scope';
import { expiredRequiredCertificates, expiryState } from '../../src/domain/qualifications';

describe('purchaseBlock', () => {
  it('refuses a class outside a recorded scope, naming the class', () => {
    expect(purchaseBlock({ scope: ['xy', 'zcy'], expiredCertificates: [] }, 'zyyp')).toBe(
      '不在贵公司经营范围（中药饮片）',
    );
    expect(purchaseBlock({ scope: ['xy', 'zcy'], expiredCertificates: [] }, 'zcy')).toBeNull();
  });

  it('does not limit a company whose scope is not recorded yet', () => {
    expect(purchaseBlock({ scope: [], expiredCertificates: [] }, 'zyyp')).toBeNull();
    expect(purchaseBlock(UNRESTRICTED, 'xdcp')).toBeNull();
  });

  it('puts a lapsed certificate first: it blocks every goods', () => {
    const e = { scope: ['xy'], expiredCertificates: ['药品经营许可证'] };
    expect(purchaseBlock(e, 'xy')).toBe('药品经营许可证已过期，暂不能购买');
    expect(purchaseBlock(e, 'zyyp')).toBe('药品经营许可证已过期，暂不能购买');
  });
});

describe('certificate expiry', () => {
  it('is valid through its day, expiring within 30 days, expired the day after', () => {
    expect(expiryState('2025-06-02', '2025-06-02')).toBe('expiring');
    expect(expiryState('2025-06-02', '2025-06-01')).toBe('expired');
    expect(expiryState('2025-06-02', '2025-07-02')).toBe('expiring');
    expect(expiryState('2025-06-02', '2025-07-03')).toBe('valid');
    expect(expiryState('2025-06-02', null)).toBe('no_expiry');
  });

  it('counts a required kind as lapsed only when every approved copy expired', () => {
    const today = '2025-06-02';
    const old = { kind: 'drug_license', status: 'approved' as const, expiresOn: '2025-05-01' };
    expect(expiredRequiredCertificates('pharmacy', [old], today)).toEqual(['药品经营许可证']);
    // A pending renewal does not help; an approved one does.
    expect(
      expiredRequiredCertificates('pharmacy', [old, { ...old, status: 'pending', expiresOn: '2030-01-01' }], today),
    ).toEqual(['药品经营许可证']);
    expect(expiredRequiredCertificates('pharmacy', [old, { ...old, expiresOn: '2030-01-01' }], today)).toEqual([]);
    // Not required for the kind, or never approved: not a lapse.
    expect(expiredRequiredCertificates('clinic', [old], today)).toEqual([]);
    expect(expiredRequiredCertificates('pharmacy', [{ ...old, kind: 'gsp' }], today)).toEqual([]);
    expect(
      expiredRequiredCertificates(
        'clinic',
        [{ kind: 'medical_license', status: 'approved', expiresOn: '2025-06-01' }],
        today,
      ),
    ).toEqual(['医疗机构执业许可证']);
  });
});
