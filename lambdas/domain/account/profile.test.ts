import { profileFromAttributes, publicProfile } from './profile';

describe('profiles', () => {
  const now = new Date('2026-01-15T10:00:00.000Z');
  const attributes = {
    sub: 'b367b32e-d016-4210-9d78-c61310e87002',
    email: 'Mario.Rossi@Example.it',
    given_name: 'Mario',
    family_name: 'Rossi',
    phone_number: '+393331234567',
    locale: 'en',
  };

  it('starts every confirmed account in demo mode with the sign-up data', () => {
    expect(profileFromAttributes(attributes, now)).toEqual({
      id: attributes.sub,
      mode: 'demo',
      email: 'mario.rossi@example.it',
      first_name: 'Mario',
      last_name: 'Rossi',
      phone: '+393331234567',
      locale: 'en',
      created_at: '2026-01-15T10:00:00.000Z',
    });
  });

  it('defaults the language to Italian', () => {
    expect(profileFromAttributes({ ...attributes, locale: undefined }, now).locale).toBe('it');
  });

  it('answers the spec fields only', () => {
    expect(Object.keys(publicProfile(profileFromAttributes(attributes, now))).sort()).toEqual(
      ['created_at', 'email', 'first_name', 'free_scan', 'id', 'last_name', 'mode', 'phone'].sort(),
    );
  });
});
