import { cooldownWindow, RESEND_COOLDOWN_MS, secondsUntilAllowed } from './rate-limit';

const NOW = 1_700_000_000_000;

describe('resend cooldown', () => {
  it('is 60 s', () => {
    expect(RESEND_COOLDOWN_MS).toBe(60_000);
  });

  it('counts only sends within the last 60 s and forgets the marker after them', () => {
    expect(cooldownWindow(NOW)).toEqual({
      notAfter: NOW - 60_000,
      forgetAt: Math.ceil((NOW + 60_000) / 1000),
    });
  });

  it('tells how long to wait', () => {
    expect(secondsUntilAllowed(undefined, NOW)).toBe(0);
    expect(secondsUntilAllowed(NOW, NOW)).toBe(60);
    expect(secondsUntilAllowed(NOW - 59_001, NOW)).toBe(1);
    expect(secondsUntilAllowed(NOW - 60_000, NOW)).toBe(0);
    expect(secondsUntilAllowed(NOW - 90_000, NOW)).toBe(0);
  });
});
