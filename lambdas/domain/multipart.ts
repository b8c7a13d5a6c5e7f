/**
 * A small multipart/form-data reader (RFC 7578) for the few upload routes: API Gateway hands
 * the whole body to the function, so a streaming parser buys nothing here.
 */

export interface MultipartPart {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer;
}

export class MultipartError extends Error {}

/** The boundary parameter of a `multipart/form-data` content type, or undefined. */
export function multipartBoundary(contentType: string | undefined): string | undefined {
  if (!contentType || !/^multipart\/form-data\b/i.test(contentType.trim())) return undefined;
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  return boundary && boundary.length <= 70 ? boundary : undefined;
}

function headerParam(header: string, name: string): string | undefined {
  // name="value" (quotes escaped as \" by browsers) or name=token.
  const re = new RegExp(`;\\s*${name}=(?:"((?:[^"\\\\]|\\\\.)*)"|([^;\\s]+))`, 'i');
  const match = re.exec(header);
  if (!match) return undefined;
  return match[1] !== undefined ? match[1].replace(/\\(.)/g, '$1') : match[2];
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/**
 * Splits a multipart body into its parts.
 *
 * @throws MultipartError when the body does not follow the format or has more than `maxParts`.
 */
export function parseMultipart(body: Buffer, boundary: string, maxParts = 10): MultipartPart[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: MultipartPart[] = [];
  let position = body.indexOf(delimiter);
  if (position < 0) throw new MultipartError('No multipart boundary in the body');
  for (;;) {
    let start = position + delimiter.length;
    // `--` right after a delimiter closes the body.
    if (body[start] === 0x2d && body[start + 1] === 0x2d) return parts;
    if (body[start] === 0x0d && body[start + 1] === 0x0a) start += 2;
    else throw new MultipartError('Malformed multipart delimiter');
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), start);
    if (next < 0) throw new MultipartError('Unterminated multipart body');
    const headerEnd = body.indexOf('\r\n\r\n', start);
    if (headerEnd < 0 || headerEnd > next) throw new MultipartError('Part without headers');
    const headers = parseHeaders(body.subarray(start, headerEnd).toString('utf8'));
    const disposition = headers.get('content-disposition') ?? '';
    const name = headerParam(disposition, 'name');
    if (!/^form-data\b/i.test(disposition) || name === undefined) {
      throw new MultipartError('Part without a form-data name');
    }
    const filename = headerParam(disposition, 'filename');
    const contentType = headers.get('content-type');
    parts.push({
      name,
      ...(filename !== undefined ? { filename } : {}),
      ...(contentType !== undefined ? { contentType } : {}),
      data: body.subarray(headerEnd + 4, next),
    });
    if (parts.length > maxParts) throw new MultipartError('Too many parts');
    position = next + 2;
  }
}
