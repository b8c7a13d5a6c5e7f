import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseIsoDateTime } from './dates';

/** An SP-API error response: `{"errors":[{code, message}]}` with an HTTP status. */
export class SpapiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: string,
  ) {
    super(message);
  }
}

/** A 400 `InvalidInput`, the error SP-API gives for any bad parameter. */
export function invalidInput(message: string): SpapiError {
  return new SpapiError(400, 'InvalidInput', message);
}

/** The SP-API error body shape shared by every model (`ErrorList`). */
export function errorBody(code: string, message: string, details?: string): unknown {
  return { errors: [{ code, message, ...(details !== undefined ? { details } : {}) }] };
}

function decodeComponent(raw: string, name: string): string {
  try {
    // '+' is a space in query strings; a literal plus must arrive as %2B, as Amazon documents.
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    throw invalidInput(`Malformed percent-encoding in parameter ${name}`);
  }
}

/**
 * Query parameters as SP-API reads them: names and values percent-decoded, `+` as a space,
 * list parameters split on commas after decoding (so `%2C` and `,` both separate, as with
 * Amazon; a SKU holding a comma cannot be sent in a list).
 */
export class QueryParams {
  private readonly raw = new Map<string, string[]>();

  constructor(rawQuery: string) {
    for (const part of rawQuery.split('&')) {
      if (!part) continue;
      const eq = part.indexOf('=');
      const name = decodeComponent(eq < 0 ? part : part.slice(0, eq), 'name');
      const value = eq < 0 ? '' : part.slice(eq + 1);
      this.raw.set(name, [...(this.raw.get(name) ?? []), value]);
    }
  }

  has(name: string): boolean {
    return this.raw.has(name);
  }

  /** The decoded value of a single-valued parameter; an empty value counts as absent. */
  get(name: string): string | undefined {
    const values = this.raw.get(name);
    if (!values || values.length === 0) return undefined;
    if (values.length > 1) throw invalidInput(`Parameter ${name} must be given once`);
    const value = decodeComponent(values[0] ?? '', name);
    return value === '' ? undefined : value;
  }

  /** A required single-valued parameter. */
  require(name: string): string {
    const value = this.get(name);
    if (value === undefined) throw invalidInput(`Missing required parameter: ${name}`);
    return value;
  }

  /** A list parameter, sent comma-separated, repeated, or both. */
  list(name: string): string[] {
    const values = this.raw.get(name) ?? [];
    return values.flatMap((v) => decodeComponent(v, name).split(',')).filter((v) => v !== '');
  }

  /** An optional ISO 8601 date-time parameter. */
  dateTime(name: string): Date | undefined {
    const value = this.get(name);
    if (value === undefined) return undefined;
    const date = parseIsoDateTime(value);
    if (!date) throw invalidInput(`${name} must be an ISO 8601 date-time, got ${value}`);
    return date;
  }

  /** An optional parameter restricted to the values a model's enum allows. */
  oneOf<T extends string>(name: string, allowed: readonly T[]): T | undefined {
    const value = this.get(name);
    if (value === undefined) return undefined;
    if (!(allowed as readonly string[]).includes(value)) {
      throw invalidInput(`${name} must be one of ${allowed.join(', ')}, got ${value}`);
    }
    return value as T;
  }
}

/** Splits a request target into its path (still encoded) and raw query string. */
export function splitTarget(target: string): { path: string; rawQuery: string } {
  const q = target.indexOf('?');
  return q < 0
    ? { path: target, rawQuery: '' }
    : { path: target.slice(0, q), rawQuery: target.slice(q + 1) };
}

const MAX_BODY_BYTES = 5 * 1024 * 1024;

/** Reads a request body as text; bodies here are small JSON or form documents. */
export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > MAX_BODY_BYTES) throw invalidInput('Request body too large');
    chunks.push(buf);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Parses a form-encoded or JSON body into string fields (LWA accepts both). A malformed body
 * yields no fields, which the callers then report as missing parameters.
 */
export function parseFields(body: string, contentType: string | undefined): Record<string, string> {
  if ((contentType ?? '').includes('application/json')) {
    let json: unknown;
    try {
      json = JSON.parse(body || '{}');
    } catch {
      return {};
    }
    if (typeof json !== 'object' || json === null || Array.isArray(json)) return {};
    return Object.fromEntries(
      Object.entries(json).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
  }
  return Object.fromEntries(new URLSearchParams(body));
}

/** Sends a JSON response with the given extra headers. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}
