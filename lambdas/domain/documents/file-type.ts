/**
 * What an uploaded file really is, and whether the upload may be stored.
 *
 * Pure and dependency-free (no Node built-ins), so the web app may use it for an early check;
 * the upload handler runs the same check on the server, which is the one that counts.
 *
 * Rules (spec section 5, "Uploads: case panel", plus the reader's formats of issue 6):
 * - extensions: pdf, jpg, jpeg, png, zip (spec) plus xml and p7m (FatturaPA invoices, plain
 *   and signed);
 * - the content must be what the extension says (magic bytes, not the name): a `.pdf` holding
 *   PNG or executable bytes is refused;
 * - at most 20 MB, and not empty;
 * - the stored name is lowercased, characters other than letters, digits, dot and hyphen
 *   become underscores (spec), and it never carries a path, control or bidi characters.
 */

/** The file types the reader can tell apart. Executables and anything else are `unknown`. */
export type FileType = 'pdf' | 'png' | 'jpeg' | 'gif' | 'zip' | 'xml' | 'p7m' | 'unknown';

/**
 * Every extension some document type may have, lowercase, without the dot (spec list + xml,
 * p7m, and gif for photos). Which of them a given document type takes is the table in
 * `cases/document-formats.ts`.
 */
export const ALLOWED_EXTENSIONS = [
  'pdf',
  'jpg',
  'jpeg',
  'png',
  'gif',
  'zip',
  'xml',
  'p7m',
] as const;
export type AllowedExtension = (typeof ALLOWED_EXTENSIONS)[number];

/** The content type each allowed extension must hold. */
export const EXTENSION_FILE_TYPE: Readonly<Record<AllowedExtension, FileType>> = {
  pdf: 'pdf',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  png: 'png',
  gif: 'gif',
  zip: 'zip',
  xml: 'xml',
  p7m: 'p7m',
};

/** The MIME type to store and serve each detected type with. */
export const FILE_TYPE_MIME: Readonly<Record<FileType, string>> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  zip: 'application/zip',
  xml: 'application/xml',
  p7m: 'application/pkcs7-mime',
  unknown: 'application/octet-stream',
};

/** Largest upload accepted: 20 MB (spec section 5 and 9). */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

/**
 * How many leading bytes `detectFileType` needs to decide. A caller that only has the size
 * and a prefix of the file (e.g. an S3 ranged GET) passes at least this many bytes.
 */
export const FILE_TYPE_HEAD_BYTES = 4096;

/** Longest name `sanitizeFileName` returns, extension included. */
export const MAX_FILE_NAME_LENGTH = 100;

const PKCS7_SIGNED_DATA_OID = [0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x02];

function startsWith(bytes: Uint8Array, prefix: readonly number[], at = 0): boolean {
  if (bytes.length < at + prefix.length) return false;
  return prefix.every((b, i) => bytes[at + i] === b);
}

function ascii(bytes: Uint8Array, from: number, to: number): string {
  let out = '';
  const end = Math.min(to, bytes.length);
  for (let i = from; i < end; i += 1) out += String.fromCharCode(bytes[i] as number);
  return out;
}

/**
 * True when the bytes open a DER/BER ContentInfo whose content type is PKCS#7 signedData
 * (1.2.840.113549.1.7.2): SEQUENCE (definite or indefinite length), then that OID.
 */
export function isDerSignedData(bytes: Uint8Array): boolean {
  if (bytes[0] !== 0x30 || bytes.length < 2) return false;
  const first = bytes[1] as number;
  let at: number;
  if (first === 0x80) at = 2;
  else if (first < 0x80) at = 2;
  else {
    const n = first & 0x7f;
    if (n > 4) return false;
    at = 2 + n;
  }
  return (
    bytes[at] === 0x06 && bytes[at + 1] === 0x09 && startsWith(bytes, PKCS7_SIGNED_DATA_OID, at + 2)
  );
}

const BASE64_VALUES: Record<string, number> = {};
'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
  .split('')
  .forEach((c, i) => (BASE64_VALUES[c] = i));

/** Decodes a base64 prefix (whitespace ignored, stops at the first other character). */
function decodeBase64Prefix(text: string, maxBytes: number): Uint8Array {
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const c of text) {
    if (c === ' ' || c === '\n' || c === '\r' || c === '\t') continue;
    const v = BASE64_VALUES[c];
    if (v === undefined) break;
    buffer = (buffer << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push((buffer >> bits) & 0xff);
      if (out.length >= maxBytes) break;
    }
  }
  return Uint8Array.from(out);
}

/**
 * Base64 text (optionally PEM-armoured, optionally after the UTF-8 byte order mark text editors
 * add) whose decoded bytes are a PKCS#7 signedData.
 */
function isBase64SignedData(bytes: Uint8Array): boolean {
  const bom = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  let text = ascii(bytes, bom, bom + 512);
  const pem = /^\s*-----BEGIN [A-Z0-9 ]+-----\s*/.exec(text);
  if (pem) text = text.slice(pem[0].length);
  text = text.trimStart();
  if (!text.startsWith('MI')) return false;
  return isDerSignedData(decodeBase64Prefix(text, 32));
}

/**
 * The first characters of an XML document (the whole head, so that a long leading comment does
 * not hide the root), decoded from UTF-8/latin-1 or UTF-16 (BOM or not).
 */
function xmlPrefix(bytes: Uint8Array): string | null {
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) return ascii(bytes, 3, FILE_TYPE_HEAD_BYTES);
  const le = startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0x3c, 0x00, 0x3f, 0x00]);
  const be = startsWith(bytes, [0xfe, 0xff]) || startsWith(bytes, [0x00, 0x3c, 0x00, 0x3f]);
  if (le || be) {
    let out = '';
    const from = bytes[0] === 0x3c || bytes[0] === 0x00 ? 0 : 2;
    for (let i = from; i + 1 < Math.min(bytes.length, FILE_TYPE_HEAD_BYTES); i += 2) {
      out += String.fromCharCode(le ? (bytes[i] as number) : (bytes[i + 1] as number));
    }
    return out;
  }
  return ascii(bytes, 0, FILE_TYPE_HEAD_BYTES);
}

/** Markup that must not be stored as an "XML invoice" (it would render as a web page). */
const NOT_AN_XML_DOCUMENT = /^<(!doctype\s+html|html|svg|script|body|head)\b/i;

function isXml(bytes: Uint8Array): boolean {
  const prefix = xmlPrefix(bytes);
  if (prefix === null) return false;
  let text = prefix.trimStart();
  if (text.startsWith('<?xml')) return true;
  // No declaration: skip comments, then a root element must follow.
  while (text.startsWith('<!--')) {
    const end = text.indexOf('-->');
    if (end < 0) return false;
    text = text.slice(end + 3).trimStart();
  }
  if (NOT_AN_XML_DOCUMENT.test(text)) return false;
  return /^<[A-Za-z_][\w.-]*(:[A-Za-z_][\w.-]*)?[\s/>]/.test(text);
}

/**
 * The real type of a file, from its leading bytes (`FILE_TYPE_HEAD_BYTES` are enough).
 * pdf: `%PDF-` within the first 1024 bytes (as readers accept); png, jpeg, gif, zip: their
 * signatures; p7m: a DER/BER PKCS#7 signedData or its base64/PEM text; xml: a declaration or
 * a root element after an optional BOM (UTF-8, UTF-16 LE/BE, or UTF-16 without BOM), HTML and
 * SVG excluded. Executables (MZ, ELF, Mach-O, scripts) and anything else are `unknown`.
 */
export function detectFileType(bytes: Uint8Array): FileType {
  if (bytes.length === 0) return 'unknown';
  if (startsWith(bytes, [0x4d, 0x5a]) || startsWith(bytes, [0x7f, 0x45, 0x4c, 0x46])) {
    return 'unknown';
  }
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (/^GIF8[79]a/.test(ascii(bytes, 0, 6))) return 'gif';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) {
    return 'zip';
  }
  if (ascii(bytes, 0, 1024).includes('%PDF-')) return 'pdf';
  if (isDerSignedData(bytes) || isBase64SignedData(bytes)) return 'p7m';
  if (isXml(bytes)) return 'xml';
  return 'unknown';
}

/** The lowercase extension of a file name (last dot), or '' when it has none. */
export function fileExtension(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot <= 0 || dot === base.length - 1 ? '' : base.slice(dot + 1).toLowerCase();
}

export function isAllowedExtension(extension: string): extension is AllowedExtension {
  return (ALLOWED_EXTENSIONS as readonly string[]).includes(extension);
}

/** Why an upload is refused. */
export type UploadRefusalReason =
  /** The name's extension is not in `ALLOWED_EXTENSIONS` (spec: "Formato non supportato"). */
  | 'bad_extension'
  /** The bytes are not what the extension says (e.g. PNG or an executable named `.pdf`). */
  | 'content_mismatch'
  /** Over `MAX_UPLOAD_BYTES` (spec: "File troppo grande"). */
  | 'too_large'
  /** Zero bytes. */
  | 'empty';

/**
 * The upload to check: the whole file, or its size and at least its first `FILE_TYPE_HEAD_BYTES`;
 * `accepted` narrows the extensions to those of the document type (default: all of them).
 */
export type UploadToCheck = { accepted?: readonly AllowedExtension[] } & (
  { fileName: string; bytes: Uint8Array } | { fileName: string; size: number; head: Uint8Array }
);

export type UploadCheck =
  | {
      ok: true;
      extension: AllowedExtension;
      fileType: FileType;
      /** What to store and serve the file as. */
      contentType: string;
      /** `sanitizeFileName(fileName)`. */
      safeName: string;
    }
  | {
      ok: false;
      reason: UploadRefusalReason;
      extension: string;
      /** The detected type (for `content_mismatch`), else null. */
      fileType: FileType | null;
    };

/**
 * Checks an upload against the rules above. Order: extension, empty, size, content, so the
 * seller hears about the format first (as the spec's client check does).
 */
export function checkUpload(upload: UploadToCheck): UploadCheck {
  const extension = fileExtension(upload.fileName);
  const size = 'bytes' in upload ? upload.bytes.length : upload.size;
  const head = 'bytes' in upload ? upload.bytes : upload.head;
  const accepted = upload.accepted ?? ALLOWED_EXTENSIONS;
  if (!isAllowedExtension(extension) || !accepted.includes(extension)) {
    return { ok: false, reason: 'bad_extension', extension, fileType: null };
  }
  if (size <= 0) return { ok: false, reason: 'empty', extension, fileType: null };
  if (size > MAX_UPLOAD_BYTES) return { ok: false, reason: 'too_large', extension, fileType: null };
  const fileType = detectFileType(head.subarray(0, FILE_TYPE_HEAD_BYTES));
  if (fileType !== EXTENSION_FILE_TYPE[extension]) {
    return { ok: false, reason: 'content_mismatch', extension, fileType };
  }
  return {
    ok: true,
    extension,
    fileType,
    contentType: FILE_TYPE_MIME[fileType],
    safeName: sanitizeFileName(upload.fileName),
  };
}

/**
 * A file name safe to use as the last part of an S3 key, still readable:
 * - only the part after the last `/` or `\` (no path, no `..`);
 * - accents dropped (è → e), control, format and bidi characters (RTL override, zero-width)
 *   removed, lowercased;
 * - every character other than a–z, 0–9, dot and hyphen becomes `_` (spec), runs of `_` and of
 *   `.` collapse to one, and the name never starts with a dot, `_` or `-`;
 * - at most `MAX_FILE_NAME_LENGTH` characters, cut in the stem so the extension survives;
 * - `file` when nothing readable is left.
 * Idempotent: sanitising a sanitised name returns it unchanged.
 */
export function sanitizeFileName(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '')
    .normalize('NFKD')
    .replace(/[\p{M}\p{Cc}\p{Cf}\p{Co}\p{Cs}]/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9.-]/g, '_')
    .replace(/_+/g, '_')
    .replace(/\.+/g, '.')
    // Trailing dots, `_` and `-` go before the extension is looked for, so the result is idempotent.
    .replace(/[._-]+$/, '');
  const dot = base.lastIndexOf('.');
  let stem = dot >= 0 ? base.slice(0, dot) : base;
  let extension = dot >= 0 ? base.slice(dot + 1).replace(/^[_-]+|[_-]+$/g, '') : '';
  if (extension.length > 10) {
    stem = base;
    extension = '';
  }
  const trim = (s: string): string => s.replace(/^[._-]+/, '').replace(/[._-]+$/, '');
  stem = trim(stem);
  const room = MAX_FILE_NAME_LENGTH - (extension ? extension.length + 1 : 0);
  stem = trim(stem.slice(0, room)) || 'file';
  return extension ? `${stem}.${extension}` : stem;
}
