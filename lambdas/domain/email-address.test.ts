import { isValidEmail, normalizeEmail } from './email-address';

describe('email addresses', () => {
  it.each(['mario@example.it', 'a.b+c@sub.example.co.uk'])('accepts %p', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each(['', 'mario', 'mario@', '@example.it', 'mario@example', 'ma rio@example.it'])(
    'refuses %p',
    (email) => {
      expect(isValidEmail(email)).toBe(false);
    },
  );

  it('normalizes for lookups', () => {
    expect(normalizeEmail('  Mario.Rossi@Example.IT ')).toBe('mario.rossi@example.it');
  });
});
