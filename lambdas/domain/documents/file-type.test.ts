import fc from 'fast-check';
import {
  ALLOWED_EXTENSIONS,
  checkUpload,
  detectFileType,
  FILE_TYPE_HEAD_BYTES,
  MAX_FILE_NAME_LENGTH,
  MAX_UPLOAD_BYTES,
  sanitizeFileName,
} from './file-type';
import { fixture, jpegBytes, pngBytes } from './test-support/fixtures';

const text = (s: string): Uint8Array => new Uint8Array(Buffer.from(s, 'latin1'));
const utf16 = (s: string, le: boolean, bom: boolean): Uint8Array => {
  const body = Buffer.from(s, 'utf16le');
  if (!le) body.swap16();
  return Uint8Array.from(
    Buffer.concat([bom ? Buffer.from(le ? [0xff, 0xfe] : [0xfe, 0xff]) : Buffer.alloc(0), body]),
  );
};
const P7M = fixture('IT02182030391_31.xml.p7m');

describe('detectFileType', () => {
  it.each([
    ['a PDF', text('%PDF-1.7\n%âãÏÓ\n1 0 obj'), 'pdf'],
    ['a PDF after some junk bytes', text('\r\n\r\n%PDF-1.4\n'), 'pdf'],
    ['a PNG', pngBytes(800, 600), 'png'],
    ['a JPEG', jpegBytes(800, 600), 'jpeg'],
    ['a GIF', text('GIF89a\x10\x00\x10\x00'), 'gif'],
    ['a ZIP', text('PK\x03\x04\x14\x00'), 'zip'],
    ['an XML with a declaration', text('<?xml version="1.0"?><a/>'), 'xml'],
    [
      'an XML with a UTF-8 BOM',
      Uint8Array.from([0xef, 0xbb, 0xbf, ...text('<?xml version="1.0"?><a/>')]),
      'xml',
    ],
    [
      'an XML without a declaration',
      text('\n  <!-- x --><p:FatturaElettronica versione="FPR12">'),
      'xml',
    ],
    [
      'an XML without a declaration that opens with a long comment',
      text(
        `<!--\n${'Esportato dal gestionale di fatturazione, tutti i diritti riservati.\n'.repeat(20)}-->\n<FatturaElettronica versione="FPR12">`,
      ),
      'xml',
    ],
    [
      'a UTF-16 LE XML with BOM',
      utf16('<?xml version="1.0" encoding="UTF-16"?><a/>', true, true),
      'xml',
    ],
    [
      'a UTF-16 BE XML with BOM',
      utf16('<?xml version="1.0" encoding="UTF-16"?><a/>', false, true),
      'xml',
    ],
    ['a UTF-16 LE XML without BOM', utf16('<?xml version="1.0"?><a/>', true, false), 'xml'],
    ['a DER signed envelope', P7M, 'p7m'],
    ['a base64 signed envelope', text(Buffer.from(P7M).toString('base64')), 'p7m'],
    [
      'a PEM signed envelope',
      text(
        `-----BEGIN PKCS7-----\n${Buffer.from(P7M).toString('base64').replace(/.{64}/g, '$&\n')}\n-----END PKCS7-----\n`,
      ),
      'p7m',
    ],
    [
      'a Windows executable',
      text('MZ\x90\x00\x03\x00\x00\x00This program cannot be run in DOS mode %PDF-'),
      'unknown',
    ],
    ['an ELF executable', text('\x7fELF\x02\x01\x01\x00%PDF-'), 'unknown'],
    ['an HTML page', text('<!DOCTYPE html><html><body>'), 'unknown'],
    ['an SVG image', text('<svg xmlns="http://www.w3.org/2000/svg">'), 'unknown'],
    ['plain text', text('Fattura n. 1 del 2024'), 'unknown'],
    [
      'a DER sequence of another type',
      Uint8Array.from([
        0x30, 0x0b, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x01,
      ]),
      'unknown',
    ],
    ['nothing', new Uint8Array(0), 'unknown'],
  ])('%s', (_label, bytes, expected) => {
    expect(detectFileType(bytes)).toBe(expected);
  });

  it('never throws on random bytes', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 600 }),
        (bytes) => typeof detectFileType(bytes) === 'string',
      ),
    );
  });
});

describe('checkUpload', () => {
  const pdf = text('%PDF-1.7\nsome content');

  it('accepts the allowed formats when the content matches and gives the safe name and MIME type', () => {
    expect(checkUpload({ fileName: 'Fattura Marzo.PDF', bytes: pdf })).toEqual({
      ok: true,
      extension: 'pdf',
      fileType: 'pdf',
      contentType: 'application/pdf',
      safeName: 'fattura_marzo.pdf',
    });
    expect(checkUpload({ fileName: 'foto.jpg', bytes: jpegBytes(10, 10) })).toMatchObject({
      ok: true,
      fileType: 'jpeg',
    });
    expect(checkUpload({ fileName: 'IT02182030391_31.xml.p7m', bytes: P7M })).toMatchObject({
      ok: true,
      extension: 'p7m',
      safeName: 'it02182030391_31.xml.p7m',
    });
    expect(
      checkUpload({ fileName: 'fattura.xml', bytes: fixture('IT01234567890_FPR02.xml') }),
    ).toMatchObject({ ok: true });
  });

  it('refuses a .pdf holding PNG bytes or an executable', () => {
    expect(checkUpload({ fileName: 'fattura.pdf', bytes: pngBytes(100, 100) })).toEqual({
      ok: false,
      reason: 'content_mismatch',
      extension: 'pdf',
      fileType: 'png',
    });
    expect(
      checkUpload({ fileName: 'fattura.pdf', bytes: text('MZ\x90\x00%PDF-1.4') }),
    ).toMatchObject({
      ok: false,
      reason: 'content_mismatch',
      fileType: 'unknown',
    });
  });

  it('refuses extensions outside the list, whatever the content', () => {
    for (const fileName of [
      'fattura.docx',
      'foto.bmp',
      'setup.exe',
      'fattura',
      'fattura.pdf.exe',
    ]) {
      expect(checkUpload({ fileName, bytes: pdf })).toMatchObject({
        ok: false,
        reason: 'bad_extension',
      });
    }
    expect(ALLOWED_EXTENSIONS).toEqual(['pdf', 'jpg', 'jpeg', 'png', 'gif', 'zip', 'xml', 'p7m']);
  });

  it('refuses an extension the document type does not take', () => {
    const gif = text('GIF89a\x10\x00\x10\x00');
    expect(
      checkUpload({ fileName: 'foto.gif', bytes: gif, accepted: ['jpg', 'gif'] }),
    ).toMatchObject({ ok: true, fileType: 'gif', contentType: 'image/gif' });
    expect(checkUpload({ fileName: 'foto.gif', bytes: gif, accepted: ['pdf'] })).toMatchObject({
      ok: false,
      reason: 'bad_extension',
    });
  });

  it('refuses a file over 20 MB from its size and head, and accepts exactly 20 MB', () => {
    expect(checkUpload({ fileName: 'big.pdf', size: 21 * 1024 * 1024, head: pdf })).toMatchObject({
      ok: false,
      reason: 'too_large',
    });
    expect(checkUpload({ fileName: 'big.pdf', size: MAX_UPLOAD_BYTES, head: pdf })).toMatchObject({
      ok: true,
    });
  });

  it('refuses an empty file', () => {
    expect(checkUpload({ fileName: 'a.pdf', bytes: new Uint8Array(0) })).toMatchObject({
      ok: false,
      reason: 'empty',
    });
  });

  it('reads the type from the first FILE_TYPE_HEAD_BYTES only', () => {
    const big = new Uint8Array(FILE_TYPE_HEAD_BYTES * 3);
    big.set(text('%PDF-1.7'), 0);
    expect(checkUpload({ fileName: 'a.pdf', bytes: big })).toMatchObject({ ok: true });
  });
});

describe('sanitizeFileName', () => {
  it.each([
    ['Fattura Acquisto.PDF', 'fattura_acquisto.pdf'],
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\Mario\\Documenti\\DDT n.5.pdf', 'ddt_n.5.pdf'],
    ['perché città.jpg', 'perche_citta.jpg'],
    ['fattura\u202Efdp.exe', 'fatturafdp.exe'],
    ['a\u0000b\u0007c\u200B.pdf', 'abc.pdf'],
    ['...hidden.pdf', 'hidden.pdf'],
    ['   .pdf', 'file.pdf'],
    ['.pdf', 'file.pdf'],
    ['★★★.png', 'file.png'],
    ['', 'file'],
    ['IT02182030391_31.xml.p7m', 'it02182030391_31.xml.p7m'],
    ['a__b--c..d.PNG', 'a_b--c.d.png'],
  ])('%j → %j', (input, expected) => {
    expect(sanitizeFileName(input)).toBe(expected);
  });

  it('caps the length and keeps the extension', () => {
    const name = sanitizeFileName(`${'x'.repeat(300)}.pdf`);
    expect(name).toHaveLength(MAX_FILE_NAME_LENGTH);
    expect(name.endsWith('.pdf')).toBe(true);
  });

  it('always gives a short, safe, idempotent S3 key part', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 300 }),
        fc.string({ maxLength: 300 }),
        (a, b) => {
          for (const input of [a, b, `${a}/${b}`, `${a}.${b}`]) {
            const safe = sanitizeFileName(input);
            expect(safe).toMatch(/^[a-z0-9][a-z0-9._-]*$/);
            expect(safe.length).toBeLessThanOrEqual(MAX_FILE_NAME_LENGTH);
            expect(safe).not.toContain('..');
            expect(sanitizeFileName(safe)).toBe(safe);
          }
        },
      ),
    );
  });

  it('keeps an allowed extension', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 200 }),
        fc.constantFrom(...ALLOWED_EXTENSIONS),
        (stem, ext) => {
          expect(sanitizeFileName(`${stem}.${ext.toUpperCase()}`).endsWith(`.${ext}`)).toBe(true);
        },
      ),
    );
  });
});
