/**
 * The signed envelope Italian invoices travel in (`.xml.p7m`, CAdES-BES): a PKCS#7/CMS
 * ContentInfo of type signedData whose encapsulated content is the signed file. We only take
 * the content out; the signature is not verified (the exchange system SdI already did).
 *
 * Accepted encodings: DER, BER with indefinite lengths, eContent as one OCTET STRING or split
 * into constructed OCTET STRING chunks, and the same bytes as base64 text, with or without a PEM
 * armour. The walker is a minimal TLV reader of our own; it never throws anything but
 * `P7mError`, whatever the input.
 */

/** Why an envelope could not be opened. */
export type P7mErrorCode =
  /** Not DER/BER, truncated, or lengths that do not fit. */
  | 'malformed'
  /** A ContentInfo of another type than signedData. */
  | 'not_signed_data'
  /** A detached signature: the signed file is not inside. */
  | 'no_content';

export class P7mError extends Error {
  constructor(
    readonly code: P7mErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'P7mError';
  }
}

/** One TLV element. `end` is exclusive and includes the end-of-contents octets of BER. */
export interface DerNode {
  /** 0 universal, 1 application, 2 context-specific, 3 private. */
  tagClass: number;
  constructed: boolean;
  tagNumber: number;
  /** Offset of the value's first byte. */
  valueStart: number;
  /** Offset just past the value (before the end-of-contents octets when indefinite). */
  valueEnd: number;
  /** Offset just past the whole element. */
  end: number;
}

const MAX_DEPTH = 64;

function malformed(why: string): P7mError {
  return new P7mError('malformed', `Not a readable PKCS#7 envelope: ${why}`);
}

/**
 * Reads the element that starts at `offset`, within `[offset, limit)`. Indefinite lengths are
 * resolved by walking the children up to the end-of-contents octets.
 */
export function readDerNode(
  bytes: Uint8Array,
  offset: number,
  limit = bytes.length,
  depth = 0,
): DerNode {
  if (depth > MAX_DEPTH) throw malformed('nesting too deep');
  let at = offset;
  if (at >= limit) throw malformed('unexpected end');
  const first = bytes[at++] as number;
  const tagClass = first >> 6;
  const constructed = (first & 0x20) !== 0;
  let tagNumber = first & 0x1f;
  if (tagNumber === 0x1f) {
    tagNumber = 0;
    for (let i = 0; ; i += 1) {
      if (at >= limit || i > 4) throw malformed('bad tag');
      const b = bytes[at++] as number;
      tagNumber = tagNumber * 128 + (b & 0x7f);
      if ((b & 0x80) === 0) break;
    }
  }
  if (at >= limit) throw malformed('missing length');
  const lengthByte = bytes[at++] as number;
  if (lengthByte === 0x80) {
    if (!constructed) throw malformed('indefinite length on a primitive');
    const valueStart = at;
    let child = at;
    for (;;) {
      if (child + 2 > limit) throw malformed('unterminated indefinite length');
      if (bytes[child] === 0 && bytes[child + 1] === 0) {
        return { tagClass, constructed, tagNumber, valueStart, valueEnd: child, end: child + 2 };
      }
      child = readDerNode(bytes, child, limit, depth + 1).end;
    }
  }
  let length = lengthByte;
  if (lengthByte > 0x80) {
    const n = lengthByte & 0x7f;
    if (n > 4) throw malformed('length too long');
    length = 0;
    for (let i = 0; i < n; i += 1) {
      if (at >= limit) throw malformed('truncated length');
      length = length * 256 + (bytes[at++] as number);
    }
  }
  const valueEnd = at + length;
  if (valueEnd > limit) throw malformed('length past the end');
  return { tagClass, constructed, tagNumber, valueStart: at, valueEnd, end: valueEnd };
}

/** The direct children of a constructed element. */
export function derChildren(bytes: Uint8Array, node: DerNode, depth = 0): DerNode[] {
  if (!node.constructed) throw malformed('expected a constructed element');
  const children: DerNode[] = [];
  let at = node.valueStart;
  while (at < node.valueEnd) {
    const child = readDerNode(bytes, at, node.valueEnd, depth + 1);
    children.push(child);
    at = child.end;
  }
  return children;
}

const OID_SIGNED_DATA = '2a864886f70d010702';

function hex(bytes: Uint8Array, node: DerNode): string {
  return Buffer.from(bytes.subarray(node.valueStart, node.valueEnd)).toString('hex');
}

function expect(
  node: DerNode | undefined,
  tagClass: number,
  tagNumber: number,
  what: string,
): DerNode {
  if (!node || node.tagClass !== tagClass || node.tagNumber !== tagNumber) {
    throw malformed(`expected ${what}`);
  }
  return node;
}

/** The bytes of an OCTET STRING, primitive or split in constructed chunks (BER). */
function octets(bytes: Uint8Array, node: DerNode, depth = 0): Uint8Array {
  if (!node.constructed) return bytes.subarray(node.valueStart, node.valueEnd);
  const parts = derChildren(bytes, node, depth).map((c) => octets(bytes, c, depth + 1));
  return Buffer.concat(parts);
}

/** Base64 or PEM text → bytes, or null when the text is not base64. */
function fromBase64Text(bytes: Uint8Array): Uint8Array | null {
  let text = Buffer.from(bytes.subarray(0, bytes.length)).toString('latin1');
  text = text.replace(/^\uFEFF|^\xEF\xBB\xBF/, '');
  text = text.replace(/-----(BEGIN|END) [A-Z0-9 ]+-----/g, '').replace(/\s+/g, '');
  if (text.length < 16 || !/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return null;
  return Buffer.from(text, 'base64');
}

/**
 * The signed file inside a `.p7m` envelope (binary DER/BER, or base64/PEM text of it).
 * Throws `P7mError` when the bytes are not a signedData with the content attached.
 * A content that is itself a `.p7m` (countersigned files) is returned as is; the caller may
 * unwrap again.
 */
export function extractP7mContent(input: Uint8Array): Uint8Array {
  let bytes = input;
  if (bytes[0] !== 0x30) {
    const decoded = fromBase64Text(bytes);
    if (!decoded || decoded[0] !== 0x30) throw malformed('neither DER nor base64');
    bytes = decoded;
  }
  const contentInfo = expect(readDerNode(bytes, 0), 0, 16, 'ContentInfo SEQUENCE');
  const [type, explicit] = derChildren(bytes, contentInfo);
  expect(type, 0, 6, 'content type OID');
  if (hex(bytes, type as DerNode) !== OID_SIGNED_DATA) {
    throw new P7mError('not_signed_data', 'The envelope is not a PKCS#7 signedData.');
  }
  const wrapper = expect(explicit, 2, 0, '[0] content');
  const signedData = expect(derChildren(bytes, wrapper)[0], 0, 16, 'SignedData SEQUENCE');
  // version INTEGER, digestAlgorithms SET, encapContentInfo SEQUENCE, ...
  const encap = expect(derChildren(bytes, signedData)[2], 0, 16, 'EncapsulatedContentInfo');
  const [, eContent] = derChildren(bytes, encap);
  if (!eContent) throw new P7mError('no_content', 'The signature is detached: no file inside.');
  expect(eContent, 2, 0, '[0] eContent');
  const inner = derChildren(bytes, eContent)[0];
  if (!inner) throw new P7mError('no_content', 'The envelope holds an empty content.');
  if (inner.tagClass === 0 && inner.tagNumber === 4) return Uint8Array.from(octets(bytes, inner));
  // Old PKCS#7 allowed any type here: hand back the value as it is.
  return Uint8Array.from(bytes.subarray(inner.valueStart, inner.valueEnd));
}
