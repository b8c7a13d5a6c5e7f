import { createHash, createHmac } from 'node:crypto';
import { LOCAL_CREDENTIALS } from '../../local/stack/aws';
import { api, stack } from './support/accounts';
import { partition, populate, type World } from './support/proof';

/**
 * Issue 11, tenant isolation of what is signed: a presigned URL opens its owner's object only,
 * and a token whose subject is changed to another seller's is refused. Two sellers with data in
 * every entity, as in isolation.test.ts.
 */

jest.setTimeout(180_000);

let a: World;
let b: World;

beforeAll(async () => {
  [a, b] = await Promise.all([populate('A'), populate('B')]);
});

/**
 * Checks a presigned URL's Signature Version 4 the way S3 does, with the local stack's keys:
 * s3rver checks expiry but not v4 signatures, so the test checks them itself. `headers` are the
 * values the request would send for the signed headers other than host.
 */
function signatureHolds(url: URL, method: string, headers: Record<string, string> = {}): boolean {
  const q = url.searchParams;
  const encode = (v: string) =>
    encodeURIComponent(v).replace(
      /[!'()*]/g,
      (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
    );
  const query = [...q.entries()]
    .filter(([k]) => k !== 'X-Amz-Signature')
    .map(([k, v]) => [encode(k), encode(v)] as const)
    .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const signed = (q.get('X-Amz-SignedHeaders') ?? '').split(';');
  const values: Record<string, string> = { host: url.host };
  for (const [k, v] of Object.entries(headers)) values[k.toLowerCase()] = v;
  const canonical = [
    method,
    url.pathname,
    query,
    signed.map((h) => `${h}:${(values[h] ?? '').trim()}\n`).join(''),
    signed.join(';'),
    'UNSIGNED-PAYLOAD',
  ].join('\n');
  const [, day, region, service] = (q.get('X-Amz-Credential') ?? '').split('/');
  const scope = `${day}/${region}/${service}/aws4_request`;
  const toSign = [
    'AWS4-HMAC-SHA256',
    q.get('X-Amz-Date'),
    scope,
    createHash('sha256').update(canonical).digest('hex'),
  ].join('\n');
  const hmac = (key: Buffer | string, data: string) =>
    createHmac('sha256', key).update(data).digest();
  let key = hmac(`AWS4${LOCAL_CREDENTIALS.secretAccessKey}`, day ?? '');
  for (const part of [region ?? '', service ?? '', 'aws4_request']) key = hmac(key, part);
  return hmac(key, toSign).toString('hex') === q.get('X-Amz-Signature');
}

describe('presigned URLs', () => {
  async function downloadUrl(w: World) {
    const res = await api('GET', `/api/documents/${w.docId}/download-url`, { token: w.token });
    expect(res.status).toBe(200);
    return new URL(res.body.url as string);
  }

  test("a download URL opens its owner's object only; re-aimed at another key its signature fails", async () => {
    const aUrl = await downloadUrl(a);
    const bUrl = await downloadUrl(b);
    const fetched = await fetch(aUrl);
    expect(fetched.status).toBe(200);
    expect(
      Buffer.from(await fetched.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect(aUrl.pathname).toBe(`/${stack.s3.bucket}/${a.docPath}`);
    expect(bUrl.pathname).not.toContain(a.userId);
    expect(signatureHolds(aUrl, 'GET')).toBe(true);
    expect(signatureHolds(bUrl, 'GET')).toBe(true);

    // B's signature on A's key, and A's on B's: the signature covers the key.
    const tampered = new URL(bUrl);
    tampered.pathname = aUrl.pathname;
    expect(signatureHolds(tampered, 'GET')).toBe(false);
    const reverse = new URL(aUrl);
    reverse.pathname = bUrl.pathname;
    expect(signatureHolds(reverse, 'GET')).toBe(false);
    // A longer life, or another file name, than was signed.
    const extended = new URL(aUrl);
    extended.searchParams.set('X-Amz-Expires', '604800');
    expect(signatureHolds(extended, 'GET')).toBe(false);
    const renamed = new URL(aUrl);
    renamed.searchParams.set('response-content-disposition', 'attachment; filename="x.html"');
    expect(signatureHolds(renamed, 'GET')).toBe(false);
    // An expired URL is refused by the storage itself.
    const expired = new URL(aUrl);
    expired.searchParams.set('X-Amz-Date', '20200101T000000Z');
    expect((await fetch(expired)).status).toBe(403);
  });

  test("an upload URL is signed for the caller's own prefix, type and size only", async () => {
    const res = await api('POST', '/api/documents/upload-url', {
      token: b.token,
      body: {
        shipmentId: 'DEMO003',
        role: 'rivenditore',
        docType: 'pod',
        fileName: 'pod.pdf',
        size: 5,
      },
    });
    expect(res.status).toBe(200);
    const url = new URL(res.body.uploadUrl as string);
    const headers = res.body.headers as Record<string, string>;
    expect(String(res.body.path).startsWith(`incoming/${b.userId}/`)).toBe(true);
    expect(signatureHolds(url, 'PUT', headers)).toBe(true);
    const aimed = new URL(url);
    aimed.pathname = `/${stack.s3.bucket}/${a.docPath}`;
    expect(signatureHolds(aimed, 'PUT', headers)).toBe(false);
    expect(signatureHolds(url, 'PUT', { ...headers, 'Content-Length': '20000000' })).toBe(false);
    expect(signatureHolds(url, 'PUT', { ...headers, 'Content-Type': 'text/html' })).toBe(false);
    expect(signatureHolds(url, 'GET', headers)).toBe(false);
  });
});

test("a token whose subject is changed to A's is refused by the gateway", async () => {
  const [header, payload, signature] = b.token.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<
    string,
    unknown
  >;
  const forged = [
    header,
    Buffer.from(JSON.stringify({ ...claims, sub: a.userId })).toString('base64url'),
    signature,
  ].join('.');
  const before = await partition(a.userId);
  for (const [method, route] of [
    ['GET', '/api/profile'],
    ['GET', '/api/feedback'],
    ['POST', '/api/demo/reset'],
  ] as const) {
    expect((await api(method, route, { token: forged })).status).toBe(401);
  }
  expect(await partition(a.userId)).toEqual(before);
});
