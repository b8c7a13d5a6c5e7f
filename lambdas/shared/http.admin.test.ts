import * as z from 'zod';
import type { Language } from '../domain/language';
import { httpHandler, httpRoutes, route } from './http';
import * as guard from './require-admin';
import { callHandler as call, httpEvent } from './test-support/http-events';

/**
 * `admin` routes: membership of the `admins` group is checked before any part of the request is
 * read, so a seller who sends a malformed query or id learns nothing but "forbidden" (403),
 * while an admin still gets the usual 400 or 404 for the same request.
 */

/** The user pool's membership check, as wiring hands it to the guard. */
const membership = jest.fn<Promise<boolean>, [string]>();
const requireAdmin = (userId: string | undefined, language?: Language) =>
  guard.requireAdmin(membership, userId, language);

const event = (
  routeKey: string,
  parts: { query?: Record<string, string>; path?: Record<string, string> } = {},
) => httpEvent(routeKey, { ...parts, language: 'en', userId: 'caller-1' });

const list = httpHandler(
  { admin: requireAdmin, query: z.object({ cursor: z.string().max(10).optional() }) },
  async ({ query }) => ({ cursor: query.cursor ?? null }),
);

const routes = httpRoutes(
  {
    'GET /api/things/{id}': route({ path: z.object({ id: z.string().max(4) }) }, async (r) => ({
      id: r.path.id,
    })),
  },
  { admin: requireAdmin },
);

describe('admin routes', () => {
  beforeEach(() => membership.mockReset());

  it('refuses a non-admin with 403 before reading a malformed query or id', async () => {
    membership.mockResolvedValue(false);
    const badQuery = await call(
      list,
      event('GET /api/things', { query: { cursor: 'x'.repeat(50) } }),
    );
    expect(badQuery.status).toBe(403);
    expect(badQuery.body).toMatchObject({
      error: 'forbidden',
      message: 'You do not have permission for this operation.',
    });
    const badId = await call(routes, event('GET /api/things/{id}', { path: { id: 'too-long' } }));
    expect(badId.status).toBe(403);
    expect(membership).toHaveBeenCalledWith('caller-1');
  });

  it('refuses a non-admin a well-formed request too', async () => {
    membership.mockResolvedValue(false);
    expect((await call(list, event('GET /api/things', { query: { cursor: 'abc' } }))).status).toBe(
      403,
    );
  });

  it('gives an admin the answer, and 400 or 404 for what the schemas refuse', async () => {
    membership.mockResolvedValue(true);
    expect(await call(list, event('GET /api/things', { query: { cursor: 'abc' } }))).toEqual({
      status: 200,
      body: { cursor: 'abc' },
    });
    expect(
      (await call(list, event('GET /api/things', { query: { cursor: 'x'.repeat(50) } }))).status,
    ).toBe(400);
    expect(await call(routes, event('GET /api/things/{id}', { path: { id: 'ab' } }))).toEqual({
      status: 200,
      body: { id: 'ab' },
    });
    expect(
      (await call(routes, event('GET /api/things/{id}', { path: { id: 'too-long' } }))).status,
    ).toBe(404);
  });

  it('does not ask the user pool on routes that are not admin', async () => {
    const open = httpHandler({}, async () => ({ ok: true }));
    expect((await call(open, event('GET /api/open'))).status).toBe(200);
    expect(membership).not.toHaveBeenCalled();
  });
});
