/**
 * A small XML reader, enough for FatturaPA: elements, attributes, text, CDATA, the predefined
 * and numeric entities; comments, processing instructions and DOCTYPE are skipped. Names keep
 * their prefix in `qName` and lose it in `name`, so `p:FatturaElettronica` and
 * `FatturaElettronica` read the same. No external entities are ever resolved.
 *
 * Decoding: BOM first (UTF-8, UTF-16 LE/BE), then UTF-16 without BOM, then the declared
 * encoding (any label `TextDecoder` knows, e.g. ISO-8859-1, windows-1252, UTF-8). Invoicing
 * software often declares one encoding and writes another: a file that declares UTF-8 but is
 * not valid UTF-8 is read as windows-1252 instead of producing replacement characters, and a
 * file that declares a single-byte code page (ISO-8859-1, windows-1252, ...) but is valid UTF-8
 * is read as UTF-8 instead of turning "è" into "Ã¨".
 */

import { decodeWindows1252, WINDOWS_1252_LABELS } from './charsets';

/** 'too_deep' and 'too_large' are files past the reader's limits, not merely malformed ones. */
export type XmlErrorCode = 'malformed' | 'too_deep' | 'too_large';

export class XmlError extends Error {
  constructor(
    message: string,
    readonly code: XmlErrorCode = 'malformed',
  ) {
    super(message);
    this.name = 'XmlError';
  }
}

/** Elements nested deeper are refused: a FatturaPA nests about 8 deep. */
export const MAX_XML_DEPTH = 100;
/** Elements in one document: a FatturaPA of thousands of lines has tens of thousands. */
export const MAX_XML_ELEMENTS = 200_000;

export interface XmlElement {
  /** Local name, without namespace prefix. */
  name: string;
  qName: string;
  attributes: Record<string, string>;
  children: XmlNode[];
}
export type XmlNode = XmlElement | string;

function decodeWith(label: string, bytes: Uint8Array, fatal = false): string {
  return new TextDecoder(label, { fatal, ignoreBOM: false }).decode(bytes);
}

/** Bytes → text, per the rules above. */
export function decodeXmlBytes(bytes: Uint8Array): string {
  const b0 = bytes[0];
  const b1 = bytes[1];
  if (b0 === 0xef && b1 === 0xbb && bytes[2] === 0xbf) return decodeWith('utf-8', bytes);
  if (b0 === 0xff && b1 === 0xfe) return decodeWith('utf-16le', bytes);
  if (b0 === 0xfe && b1 === 0xff) return decodeWith('utf-16be', bytes);
  if (b0 === 0x3c && b1 === 0x00) return decodeWith('utf-16le', bytes);
  if (b0 === 0x00 && b1 === 0x3c) return decodeWith('utf-16be', bytes);
  const head = Buffer.from(bytes.subarray(0, 200)).toString('latin1');
  const declared = /^\s*<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(head)?.[1];
  const label = (declared ?? 'utf-8').toLowerCase();
  const encoding = WINDOWS_1252_LABELS.has(label) ? 'windows-1252' : canonicalEncoding(label);
  if (encoding !== 'utf-8' && !SINGLE_BYTE_ENCODING.test(encoding)) {
    return decodeWith(encoding, bytes);
  }
  // Declared UTF-8 or a single-byte code page: well-formed UTF-8 is read as UTF-8 whatever the
  // declaration says, anything else with the declared code page (windows-1252 for UTF-8).
  try {
    return decodeWith('utf-8', bytes, true);
  } catch {
    if (encoding === 'utf-8' || encoding === 'windows-1252') return decodeWindows1252(bytes);
    return decodeWith(encoding, bytes);
  }
}

/** The WHATWG single-byte encodings (`TextDecoder` names), where UTF-8 bytes are a mistake. */
const SINGLE_BYTE_ENCODING =
  /^(windows-\d+|iso-8859-\d+|koi8-[ru]|ibm866|macintosh|x-mac-cyrillic)$/;

/** `TextDecoder`'s name for a label; UTF-8 for a label it does not know. */
function canonicalEncoding(label: string): string {
  try {
    return new TextDecoder(label).encoding;
  } catch {
    return 'utf-8';
  }
}

const NAMED_ENTITIES: Record<string, string> = {
  lt: '<',
  gt: '>',
  amp: '&',
  quot: '"',
  apos: "'",
};

/** Replaces entity references; unknown named entities stay as written. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z][\w.-]*);/g, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    // Own keys only: "&constructor;" in a file is an unknown entity, not Object's constructor.
    return Object.hasOwn(NAMED_ENTITIES, ref) ? (NAMED_ENTITIES[ref] ?? whole) : whole;
  });
}

function localName(qName: string): string {
  const colon = qName.indexOf(':');
  return colon < 0 ? qName : qName.slice(colon + 1);
}

const NAME = /[^\s/>=]+/y;
const ATTRIBUTE = /\s*([^\s/>=]+)\s*=\s*("([^"]*)"|'([^']*)')/y;

/**
 * Parses a whole document and returns its root element. Throws `XmlError` when malformed, or
 * past `MAX_XML_DEPTH` or `MAX_XML_ELEMENTS`.
 */
export function parseXml(text: string): XmlElement {
  const root: XmlElement = { name: '#document', qName: '#document', attributes: {}, children: [] };
  const stack: XmlElement[] = [root];
  let at = 0;
  let elements = 0;
  const top = (): XmlElement => stack[stack.length - 1] as XmlElement;
  const skipTo = (marker: string, what: string): number => {
    const end = text.indexOf(marker, at);
    if (end < 0) throw new XmlError(`Unterminated ${what}`);
    return end + marker.length;
  };
  while (at < text.length) {
    const lt = text.indexOf('<', at);
    if (lt < 0) {
      top().children.push(decodeEntities(text.slice(at)));
      break;
    }
    if (lt > at) top().children.push(decodeEntities(text.slice(at, lt)));
    at = lt;
    if (text.startsWith('<!--', at)) {
      at = skipTo('-->', 'comment');
    } else if (text.startsWith('<![CDATA[', at)) {
      const end = text.indexOf(']]>', at);
      if (end < 0) throw new XmlError('Unterminated CDATA section');
      top().children.push(text.slice(at + 9, end));
      at = end + 3;
    } else if (text.startsWith('<?', at)) {
      at = skipTo('?>', 'processing instruction');
    } else if (text.startsWith('<!', at)) {
      // DOCTYPE, with an optional internal subset in brackets.
      let depth = 0;
      let i = at + 2;
      for (; i < text.length; i += 1) {
        const c = text[i];
        if (c === '[') depth += 1;
        else if (c === ']') depth -= 1;
        else if (c === '>' && depth <= 0) break;
      }
      if (i >= text.length) throw new XmlError('Unterminated declaration');
      at = i + 1;
    } else if (text[at + 1] === '/') {
      const end = text.indexOf('>', at);
      if (end < 0) throw new XmlError('Unterminated end tag');
      const qName = text.slice(at + 2, end).trim();
      const open = top();
      if (stack.length === 1 || open.qName !== qName) {
        throw new XmlError(`Unexpected </${qName}>`);
      }
      stack.pop();
      at = end + 1;
    } else {
      NAME.lastIndex = at + 1;
      const nameMatch = NAME.exec(text);
      if (!nameMatch) throw new XmlError('Bad start tag');
      const qName = nameMatch[0];
      at = NAME.lastIndex;
      // No prototype: an attribute named "__proto__" or "constructor" is just an attribute.
      const attributes: Record<string, string> = Object.create(null) as Record<string, string>;
      for (;;) {
        ATTRIBUTE.lastIndex = at;
        const attr = ATTRIBUTE.exec(text);
        if (!attr) break;
        attributes[attr[1] as string] = decodeEntities(attr[3] ?? attr[4] ?? '');
        at = ATTRIBUTE.lastIndex;
      }
      while (at < text.length && /\s/.test(text[at] as string)) at += 1;
      const element: XmlElement = { name: localName(qName), qName, attributes, children: [] };
      elements += 1;
      if (elements > MAX_XML_ELEMENTS)
        throw new XmlError(`More than ${MAX_XML_ELEMENTS} elements`, 'too_large');
      top().children.push(element);
      if (text.startsWith('/>', at)) {
        at += 2;
      } else if (text[at] === '>') {
        at += 1;
        stack.push(element);
        // The readers walk the tree recursively: depth is bounded before they run.
        if (stack.length > MAX_XML_DEPTH + 1)
          throw new XmlError(`Elements nested more than ${MAX_XML_DEPTH} deep`, 'too_deep');
      } else {
        throw new XmlError(`Bad start tag <${qName}>`);
      }
    }
  }
  if (stack.length > 1) throw new XmlError(`Unclosed <${top().qName}>`);
  const rootElement = root.children.find((c): c is XmlElement => typeof c !== 'string');
  if (!rootElement) throw new XmlError('No root element');
  return rootElement;
}

/** Child elements with a local name. */
export function childElements(element: XmlElement | undefined, name?: string): XmlElement[] {
  if (!element) return [];
  return element.children.filter(
    (c): c is XmlElement => typeof c !== 'string' && (name === undefined || c.name === name),
  );
}

/** The first element down a path of local names, e.g. `find(e, 'DatiAnagrafici', 'Anagrafica')`. */
export function findElement(
  element: XmlElement | undefined,
  ...path: string[]
): XmlElement | undefined {
  let current = element;
  for (const name of path) {
    current = childElements(current, name)[0];
    if (!current) return undefined;
  }
  return current;
}

/** All the text inside an element (descendants included), as written. */
export function textContent(element: XmlElement | undefined): string {
  if (!element) return '';
  return element.children.map((c) => (typeof c === 'string' ? c : textContent(c))).join('');
}

/** The trimmed text at a path, or null when absent or empty. */
export function textAt(element: XmlElement | undefined, ...path: string[]): string | null {
  const found = findElement(element, ...path);
  const text = textContent(found).trim();
  return found && text ? text : null;
}
