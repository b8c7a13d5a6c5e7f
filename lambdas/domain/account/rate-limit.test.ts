import { dayWindow } from '../quotas';
import {
  cooldownWindow,
  DAILY_SENDS_PER_ADDRESS,
  RESEND_COOLDOWN_MS,
  secondsUntilAllowed,
  sendRefusal,
} from './rate-limit';

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

describe('daily cap per address', () => {
  const noon = Date.UTC(2026, 10, 24, 12);
  const today = { day: '2026-11-24', lastSentAt: noon - 5 * 60_000 };

  it('lets a send through below the cap, and on a new day whatever yesterday was', () => {
    expect(sendRefusal('magic-link', { ...today, dayCount: 9 }, noon)).toBeUndefined();
    expect(
      sendRefusal('magic-link', { ...today, day: '2026-11-23', dayCount: 10 }, noon),
    ).toBeUndefined();
    expect(sendRefusal('magic-link', undefined, noon)).toBeUndefined();
  });

  it('refuses at the cap until the next UTC midnight', () => {
    expect(sendRefusal('magic-link', { ...today, dayCount: 10 }, noon)).toEqual({
      reason: 'daily',
      retryAfterSeconds: 12 * 3600,
    });
    expect(
      sendRefusal(
        'password-reset',
        { ...today, dayCount: DAILY_SENDS_PER_ADDRESS['password-reset'] },
        noon,
      ),
    ).toMatchObject({ reason: 'daily' });
  });

  it('says the minute rule first, and checks the cap alone without a cooldown', () => {
    const recent = { day: '2026-11-24', lastSentAt: noon - 20_000, dayCount: 10 };
    expect(sendRefusal('magic-link', recent, noon)).toEqual({
      reason: 'cooldown',
      retryAfterSeconds: 40,
    });
    expect(sendRefusal('magic-link', recent, noon, 0)).toMatchObject({ reason: 'daily' });
  });
});

describe('UTC day window', () => {
  it('names the day and counts the seconds to its end', () => {
    expect(dayWindow(Date.UTC(2026, 10, 24, 23, 59, 59, 500))).toEqual({
      day: '2026-11-24',
      secondsLeft: 1,
      forgetAt: Date.UTC(2026, 10, 26) / 1000,
    });
    expect(dayWindow(Date.UTC(2026, 10, 25)).day).toBe('2026-11-25');
    expect(dayWindow(Date.UTC(2026, 10, 25)).secondsLeft).toBe(86_400);
  });
});
