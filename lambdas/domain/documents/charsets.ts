/**
 * Windows-1252 decoding of our own: Node's `TextDecoder('windows-1252')` drops the bytes
 * 0x80–0x9F (€, curly quotes, dashes) on some builds, and invoices are full of them.
 */

/** The 0x80–0x9F block of windows-1252 (undefined positions map to U+FFFD). */
const HIGH_1252 = '€\uFFFD‚ƒ„…†‡ˆ‰Š‹Œ\uFFFDŽ\uFFFD\uFFFD‘’“”•–—˜™š›œ\uFFFDžŸ';

/** The 256 characters of windows-1252 (a superset of ISO-8859-1's printable range). */
const WINDOWS_1252: readonly string[] = Array.from({ length: 256 }, (_, i) =>
  i >= 0x80 && i <= 0x9f ? (HIGH_1252[i - 0x80] as string) : String.fromCharCode(i),
);

export function decodeWindows1252(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 1) out += WINDOWS_1252[bytes[i] as number];
  return out;
}

/** Labels read with `decodeWindows1252` (as the WHATWG Encoding standard maps them). */
export const WINDOWS_1252_LABELS = new Set([
  'windows-1252',
  'cp1252',
  'x-cp1252',
  'iso-8859-1',
  'iso8859-1',
  'iso_8859-1',
  'latin1',
  'l1',
  'us-ascii',
  'ascii',
  'iso-ir-100',
  'cp819',
  'ibm819',
]);

/** The `charset` parameter of a Content-Type header, lower-case, or undefined when none. */
function declaredCharset(contentType: string | null | undefined): string | undefined {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '');
  return match?.[1]?.toLowerCase();
}

/**
 * A downloaded text file (an Amazon report, say) read by the charset its Content-Type declares
 * (Amazon's EU flat files say `charset=Cp1252`); with none declared, or one we do not know,
 * valid UTF-8 is read as UTF-8 and anything else as windows-1252. A UTF-8 byte order mark is
 * dropped.
 */
export function decodeDeclaredText(bytes: Uint8Array, contentType?: string | null): string {
  const charset = declaredCharset(contentType);
  if (charset && WINDOWS_1252_LABELS.has(charset)) return decodeWindows1252(bytes);
  if (charset === 'utf-8' || charset === 'utf8') return new TextDecoder('utf-8').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return decodeWindows1252(bytes);
  }
}
