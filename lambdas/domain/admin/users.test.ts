import { countByStatus, normaliseSearch, searchQuery, searchText } from './users';

describe('admin user search', () => {
  const profile = {
    email: 'Niccolo.Bianchi@Example.com',
    first_name: 'Niccolò',
    last_name: 'Bianchi',
  };

  it('finds a user by part of the email, whatever the case', () => {
    expect(searchText(profile)).toContain(searchQuery('BIANCHI@exa')!);
  });

  it('finds a user by full name, without accents and in either order', () => {
    expect(searchText(profile)).toContain(searchQuery('  niccolo   BIANCHI ')!);
    expect(searchText(profile)).toContain(searchQuery('Bianchi Niccolò')!);
  });

  it('never matches across the email and the name', () => {
    expect(searchText(profile)).not.toContain(searchQuery('example.com niccolo')!);
    expect(searchQuery('com|niccolo')).toBe('com niccolo');
  });

  it('treats an empty query as no filter', () => {
    expect(searchQuery('   ')).toBeUndefined();
    expect(searchQuery(undefined)).toBeUndefined();
  });

  it('strips accents and folds case', () => {
    expect(normaliseSearch('ÀÉÎÕÜ çà')).toBe('aeiou ca');
  });

  it('counts cases by status, most frequent first', () => {
    expect(countByStatus(['ready', 'Inviato', 'ready'])).toEqual({ ready: 2, Inviato: 1 });
    expect(Object.keys(countByStatus(['a', 'b', 'b']))).toEqual(['b', 'a']);
    expect(countByStatus(['__proto__', 'constructor', '__proto__'])).toEqual(
      Object.fromEntries([
        ['__proto__', 2],
        ['constructor', 1],
      ]),
    );
  });
});
