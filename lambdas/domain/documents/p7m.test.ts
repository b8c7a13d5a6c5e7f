import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { detectFileType } from './file-type';
import { derChildren, extractP7mContent, P7mError, readDerNode } from './p7m';
import { fixture, indefinite, OID_DATA, signedData, tlv } from './test-support/fixtures';

const P7M = fixture('IT02182030391_31.xml.p7m');
const XML = new Uint8Array(Buffer.from('<?xml version="1.0"?><a>firmato</a>'));
const octetString = (b: Uint8Array): Uint8Array => tlv(0x04, b);

function codeOf(fn: () => unknown): string {
  try {
    fn();
    return 'no error';
  } catch (error) {
    return error instanceof P7mError ? error.code : `other: ${String(error)}`;
  }
}

describe('extractP7mContent', () => {
  it('takes the signed FatturaPA out of the sample envelope, byte for byte', () => {
    const content = Buffer.from(extractP7mContent(P7M));
    expect([...content.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const xml = content.toString('utf8');
    expect(xml).toMatch(/^\uFEFF<\?xml version="1.0" encoding="utf-8"\?>/);
    expect(xml.trimEnd().endsWith('</p:FatturaElettronica>')).toBe(true);
    expect(xml).toContain('<Numero>2</Numero>');
    // The sample is BER: indefinite lengths and 1000-byte chunks. Length and digest of the
    // content as `openssl cms -verify -noverify -inform DER` prints it:
    expect(content).toHaveLength(3225);
    expect(createHash('sha256').update(content).digest('hex')).toBe(
      '01cac82dcd0036dc4942a9ff144822026f92c233fc5fc1645179a53aeb629887',
    );
  });

  it('reads the same envelope as base64 and as PEM text', () => {
    const b64 = Buffer.from(P7M).toString('base64');
    const expected = extractP7mContent(P7M);
    expect(extractP7mContent(new Uint8Array(Buffer.from(b64)))).toEqual(expected);
    const pem = `-----BEGIN PKCS7-----\r\n${b64.replace(/.{64}/g, '$&\r\n')}\r\n-----END PKCS7-----\r\n`;
    expect(extractP7mContent(new Uint8Array(Buffer.from(pem)))).toEqual(expected);
  });

  it('recognises and opens base64 text saved with a UTF-8 byte order mark', () => {
    const b64 = Buffer.from(P7M).toString('base64').replace(/.{76}/g, '$&\r\n');
    const saved = new Uint8Array(
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(b64)]),
    );
    expect(detectFileType(saved)).toBe('p7m');
    expect(extractP7mContent(saved)).toEqual(extractP7mContent(P7M));
  });

  it('reads DER with definite lengths', () => {
    expect(Buffer.from(extractP7mContent(signedData(octetString(XML)))).toString()).toBe(
      Buffer.from(XML).toString(),
    );
  });

  it('reads BER with indefinite lengths and the content split into constructed OCTET STRING chunks', () => {
    const chunks = indefinite(
      0x24,
      octetString(XML.subarray(0, 10)),
      octetString(XML.subarray(10, 20)),
      tlv(0x24, octetString(XML.subarray(20))),
    );
    const envelope = signedData(chunks, { ber: true });
    expect(envelope[1]).toBe(0x80);
    expect(Buffer.from(extractP7mContent(envelope)).toString()).toBe(Buffer.from(XML).toString());
  });

  it('reads a large content (multi-byte lengths)', () => {
    const big = new Uint8Array(70_000).fill(0x41);
    expect(extractP7mContent(signedData(octetString(big)))).toHaveLength(70_000);
  });

  it('tells a detached signature, another content type and broken bytes apart', () => {
    expect(codeOf(() => extractP7mContent(signedData(null)))).toBe('no_content');
    expect(codeOf(() => extractP7mContent(tlv(0x30, OID_DATA, tlv(0xa0, octetString(XML)))))).toBe(
      'not_signed_data',
    );
    expect(codeOf(() => extractP7mContent(P7M.subarray(0, 200)))).toBe('malformed');
    expect(
      codeOf(() => extractP7mContent(new Uint8Array(Buffer.from('not an envelope at all')))),
    ).toBe('malformed');
  });

  it('never throws anything but P7mError on random or damaged bytes', () => {
    const check = (bytes: Uint8Array): void => {
      const result = codeOf(() => extractP7mContent(bytes));
      expect(result.startsWith('other')).toBe(false);
    };
    fc.assert(fc.property(fc.uint8Array({ maxLength: 400 }), check));
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 400 }), (b) =>
        check(Uint8Array.from([0x30, ...b])),
      ),
    );
    fc.assert(
      fc.property(
        fc.nat(P7M.length - 1),
        fc.integer({ min: 0, max: 255 }),
        fc.nat(P7M.length),
        (at, value, cut) => {
          const damaged = Uint8Array.from(P7M);
          damaged[at] = value;
          check(damaged.subarray(0, cut));
        },
      ),
    );
  });
});

describe('the DER walker', () => {
  it('walks the sample envelope: ContentInfo → OID + [0]', () => {
    const root = readDerNode(P7M, 0);
    expect(root).toMatchObject({ tagClass: 0, tagNumber: 16, constructed: true, end: P7M.length });
    expect(derChildren(P7M, root).map((c) => [c.tagClass, c.tagNumber])).toEqual([
      [0, 6],
      [2, 0],
    ]);
  });

  it('reads high tag numbers', () => {
    const node = readDerNode(Uint8Array.of(0x9f, 0x81, 0x00, 0x01, 0xaa), 0);
    expect(node).toMatchObject({ tagClass: 2, tagNumber: 128, valueStart: 4, valueEnd: 5 });
  });

  it('never crashes on random bytes: either a node inside the input or a P7mError', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        try {
          const node = readDerNode(bytes, 0);
          expect(node.end).toBeLessThanOrEqual(bytes.length);
          if (node.constructed) derChildren(bytes, node);
        } catch (error) {
          expect(error).toBeInstanceOf(P7mError);
        }
      }),
    );
  });
});
