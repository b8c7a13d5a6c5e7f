import { PutObjectCommand } from '@aws-sdk/client-s3';
import { api, makeAdmin, s3, stack } from './support/accounts';
import { invoicePdf, objectExists, seller, type Seller } from './support/proof';

/**
 * The /debug/storage test files through the local API gateway: a diagnostic tool like the
 * others, so admins only (and only where the stage's debug tools are on; see faults.test.ts);
 * a file is served only when its bytes are what its name says, and not after a day.
 */

const DAY = 86_400_000;
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489',
  'hex',
);

async function upload(user: Seller, fileName: string, bytes: Uint8Array) {
  const made = await api('POST', '/api/debug/storage', {
    token: user.token,
    body: { fileName, size: bytes.length },
  });
  expect(made.status).toBe(200);
  const put = await fetch(made.body.uploadUrl as string, {
    method: 'PUT',
    headers: made.body.headers as Record<string, string>,
    body: Buffer.from(bytes),
  });
  expect(put.ok).toBe(true);
  return made.body.path as string;
}

async function admin(): Promise<Seller> {
  const user = await seller();
  await makeAdmin(user.email);
  return user;
}

test('a seller who is not an admin is refused every storage operation, and nothing is stored', async () => {
  const [owner, other] = await Promise.all([admin(), seller()]);
  const path = await upload(owner, 'probe.pdf', await invoicePdf());
  const query = `?path=${encodeURIComponent(path.replace(owner.userId, other.userId))}`;
  const attempts = [
    api('POST', '/api/debug/storage', {
      token: other.token,
      body: { fileName: 'mine.pdf', size: 1000 },
    }),
    api('GET', '/api/debug/storage', { token: other.token }),
    api('GET', `/api/debug/storage${query}`, { token: other.token }),
    api('DELETE', `/api/debug/storage${query}`, { token: other.token }),
  ];
  for (const res of await Promise.all(attempts)) {
    expect(res.status).toBe(403);
    expect(String(res.body.message)).toMatch(/permessi/i);
  }
  expect(await objectExists(path)).toBe(true);
});

test('an admin uploads, lists, downloads and deletes a test file', async () => {
  const user = await admin();
  const path = await upload(user, 'probe.pdf', await invoicePdf());
  const list = await api('GET', '/api/debug/storage', { token: user.token });
  expect(list.body.files).toEqual([expect.objectContaining({ path })]);
  const download = await api('GET', `/api/debug/storage?path=${encodeURIComponent(path)}`, {
    token: user.token,
  });
  expect(download.status).toBe(200);
  expect((await fetch(download.body.url as string)).status).toBe(200);
  const deleted = await api('DELETE', `/api/debug/storage?path=${encodeURIComponent(path)}`, {
    token: user.token,
  });
  expect(deleted.status).toBe(200);
  expect(await objectExists(path)).toBe(false);
});

test('a file whose bytes are not what its name says is refused and removed', async () => {
  const user = await admin();
  const path = await upload(user, 'disguised.pdf', PNG);
  const res = await api('GET', `/api/debug/storage?path=${encodeURIComponent(path)}`, {
    token: user.token,
  });
  expect(res.status).toBe(422);
  expect(await objectExists(path)).toBe(false);
});

test('a test file older than a day is neither listed nor served, and is deleted', async () => {
  const user = await admin();
  const path = `${user.userId}/${Date.now() - 2 * DAY}-old.pdf`;
  await s3.send(
    new PutObjectCommand({
      Bucket: stack.s3.bucket,
      Key: path,
      Body: Buffer.from(await invoicePdf()),
      ContentType: 'application/pdf',
    }),
  );
  const served = await api('GET', `/api/debug/storage?path=${encodeURIComponent(path)}`, {
    token: user.token,
  });
  expect(served.status).toBeGreaterThanOrEqual(400);
  expect(served.status).toBeLessThan(500);
  expect((await api('GET', '/api/debug/storage', { token: user.token })).body.files).toEqual([]);
  expect(await objectExists(path)).toBe(false);
});
