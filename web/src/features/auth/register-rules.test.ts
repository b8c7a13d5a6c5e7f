import { MARKETPLACE_CALLING_CODES } from '@domain/marketplaces';
import { PHONE_PREFIXES, toE164 } from './register-rules';

describe('phone prefixes', () => {
  it('offer the calling code of every marketplace country, Italy first', () => {
    expect(PHONE_PREFIXES[0]).toBe('+39');
    const offered: readonly string[] = PHONE_PREFIXES;
    for (const code of Object.values(MARKETPLACE_CALLING_CODES)) expect(offered).toContain(code);
    expect(new Set(PHONE_PREFIXES).size).toBe(PHONE_PREFIXES.length);
  });

  it('write a Swedish or Polish number in E.164', () => {
    expect(toE164('+46', '70 123 45 67')).toBe('+46701234567');
    expect(toE164('+48', '512-345-678')).toBe('+48512345678');
  });
});
