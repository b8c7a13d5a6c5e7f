/** Test helpers shared by the document reader's tests (not shipped in any Lambda). */
// Tests read the shared sample invoices; the domain code itself never does I/O.
// eslint-disable-next-line no-restricted-imports
import fs from 'node:fs';
import path from 'node:path';

export const FIXTURES_DIR = path.resolve(__dirname, '../../../../test/fixtures/invoices');

export function fixture(name: string): Uint8Array {
  return new Uint8Array(fs.readFileSync(path.join(FIXTURES_DIR, name)));
}

/** One DER TLV with a definite length. */
export function tlv(tag: number, ...content: Uint8Array[]): Uint8Array {
  const body = Buffer.concat(content);
  const n = body.length;
  const length =
    n < 0x80
      ? [n]
      : n < 0x100
        ? [0x81, n]
        : n < 0x10000
          ? [0x82, n >> 8, n & 0xff]
          : [0x83, n >> 16, (n >> 8) & 0xff, n & 0xff];
  return Uint8Array.from(Buffer.concat([Uint8Array.of(tag, ...length), body]));
}

/** One BER TLV with an indefinite length (constructed tags only). */
export function indefinite(tag: number, ...content: Uint8Array[]): Uint8Array {
  return Uint8Array.from(
    Buffer.concat([Uint8Array.of(tag, 0x80), ...content, Uint8Array.of(0, 0)]),
  );
}

export const OID_SIGNED_DATA = Uint8Array.of(
  0x06,
  0x09,
  0x2a,
  0x86,
  0x48,
  0x86,
  0xf7,
  0x0d,
  0x01,
  0x07,
  0x02,
);
export const OID_DATA = Uint8Array.of(
  0x06,
  0x09,
  0x2a,
  0x86,
  0x48,
  0x86,
  0xf7,
  0x0d,
  0x01,
  0x07,
  0x01,
);

/** A minimal SignedData envelope around `eContent` (already encoded, or absent). */
export function signedData(eContent: Uint8Array | null, { ber = false } = {}): Uint8Array {
  const seq = ber
    ? (...c: Uint8Array[]) => indefinite(0x30, ...c)
    : (...c: Uint8Array[]) => tlv(0x30, ...c);
  const ctx0 = ber
    ? (...c: Uint8Array[]) => indefinite(0xa0, ...c)
    : (...c: Uint8Array[]) => tlv(0xa0, ...c);
  const encap = eContent ? seq(OID_DATA, ctx0(eContent)) : seq(OID_DATA);
  const body = seq(tlv(0x02, Uint8Array.of(1)), tlv(0x31), encap, tlv(0x31));
  return seq(OID_SIGNED_DATA, ctx0(body));
}

/** A PNG header: signature, IHDR with the size, optionally the IEND chunk (CRCs are zeros). */
export function pngBytes(width: number, height: number, complete = true): Uint8Array {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'latin1');
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  ihdr[16] = 8;
  ihdr[17] = 2;
  const idat = Buffer.from([0, 0, 0, 2, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0, 0, 0, 0]);
  const iend = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Uint8Array.from(Buffer.concat([signature, ihdr, idat, ...(complete ? [iend] : [])]));
}

/** A JPEG skeleton: SOI, APP0, SOF0 with the size, SOS, some scan bytes, optionally EOI. */
export function jpegBytes(width: number, height: number, complete = true): Uint8Array {
  const app0 = [
    0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0, 0, 1, 0, 1, 0, 0,
  ];
  const sof0 = [
    0xff,
    0xc0,
    0x00,
    0x0b,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    0x01,
    0x01,
    0x11,
    0x00,
  ];
  const sos = [0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00];
  const scan = [0x12, 0x34, 0xff, 0x00, 0x56];
  return Uint8Array.from([
    0xff,
    0xd8,
    ...app0,
    ...sof0,
    ...sos,
    ...scan,
    ...(complete ? [0xff, 0xd9] : []),
  ]);
}
