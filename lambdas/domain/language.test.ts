import { pickLanguage } from './language';

describe('pickLanguage', () => {
  it('takes the first supported candidate', () => {
    expect(pickLanguage(undefined, 'fr', 'en-GB', 'it')).toBe('en');
    expect(pickLanguage('IT')).toBe('it');
  });

  it('falls back to Italian', () => {
    expect(pickLanguage()).toBe('it');
    expect(pickLanguage('de', 3, null)).toBe('it');
  });
});
