import { isProfane } from './matchers';

describe('masked profanity', () => {
  it('reads a masked swear word', () => {
    expect(isProfane('f*ck')).toBe(true);
    expect(isProfane('f**king')).toBe(true);
  });

  it('a masked run far longer than any swear word is not one, and does not break the reader', () => {
    expect(isProfane('f*'.repeat(10_000))).toBe(false);
    expect(isProfane(`f${'*'.repeat(50_000)}k`)).toBe(false);
  });
});
