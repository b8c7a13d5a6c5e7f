import { decodeDeclaredText } from './charsets';

const cp1252 = Buffer.from('Caff\xe8 \x80 M\xfcller', 'latin1');
const utf8 = Buffer.from('Caffè € Müller', 'utf8');

describe('decodeDeclaredText', () => {
  it('reads the charset the download declares: Cp1252 as windows-1252, UTF-8 as UTF-8', () => {
    expect(decodeDeclaredText(cp1252, 'text/plain;charset=Cp1252')).toBe('Caffè € Müller');
    expect(decodeDeclaredText(cp1252, 'text/plain; charset="windows-1252"')).toBe('Caffè € Müller');
    expect(decodeDeclaredText(cp1252, 'text/plain; charset=ISO-8859-1')).toBe('Caffè € Müller');
    expect(decodeDeclaredText(utf8, 'text/tab-separated-values; charset=UTF-8')).toBe(
      'Caffè € Müller',
    );
  });

  it('with no charset declared, reads valid UTF-8 as UTF-8 and anything else as windows-1252', () => {
    expect(decodeDeclaredText(utf8, 'application/octet-stream')).toBe('Caffè € Müller');
    expect(decodeDeclaredText(cp1252, 'application/octet-stream')).toBe('Caffè € Müller');
    expect(decodeDeclaredText(cp1252, null)).toBe('Caffè € Müller');
    expect(decodeDeclaredText(cp1252, 'text/plain; charset=x-unknown')).toBe('Caffè € Müller');
  });

  it('drops a UTF-8 byte order mark', () => {
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8]);
    expect(decodeDeclaredText(bom)).toBe('Caffè € Müller');
    expect(decodeDeclaredText(bom, 'text/plain; charset=utf-8')).toBe('Caffè € Müller');
  });
});
