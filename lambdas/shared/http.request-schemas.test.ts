import * as z from 'zod';
import { httpHandler, httpRoutes, route } from './http';
import { callHandler as call, httpEvent as event } from './test-support/http-events';

/**
 * Query and path parameters are checked against the route's zod schemas before its handler
 * runs, as bodies are: a refused query is a 400 and a refused path a 404, in the caller's
 * language; the handler receives the parsed values.
 */

const listing = httpHandler(
  {
    query: z.object({ limit: z.coerce.number().int().min(1).max(50).optional() }),
    path: z.object({ id: z.string().max(8) }),
  },
  async ({ query, path, userId }) => ({ limit: query.limit ?? 10, id: path.id, userId }),
);

describe('query and path schemas', () => {
  it('hands the parsed query and path to the handler', async () => {
    const { status, body } = await call(
      listing,
      event('GET /api/things/{id}', { query: { limit: '5' }, path: { id: 'abc' } }),
    );
    expect(status).toBe(200);
    expect(body).toEqual({ limit: 5, id: 'abc', userId: 'user-1' });
  });

  it('reads a request without a query as an empty query', async () => {
    const { body } = await call(listing, event('GET /api/things/{id}', { path: { id: 'abc' } }));
    expect(body.limit).toBe(10);
  });

  it('refuses a query out of its schema with a 400 in the caller’s language', async () => {
    const italian = await call(
      listing,
      event('GET /api/things/{id}', { query: { limit: '500' }, path: { id: 'abc' } }),
    );
    expect(italian.status).toBe(400);
    expect(italian.body.error).toBe('validation_error');
    expect(italian.body.message).toMatch(/non valida/);
    const en = await call(
      listing,
      event('GET /api/things/{id}', {
        query: { limit: 'x' },
        path: { id: 'abc' },
        language: 'en-GB',
      }),
    );
    expect(en.body.message).toMatch(/Invalid request/);
  });

  it('answers 404 for a path parameter its schema refuses', async () => {
    const { status, body } = await call(
      listing,
      event('GET /api/things/{id}', { path: { id: 'x'.repeat(2000) } }),
    );
    expect(status).toBe(404);
    expect(body.message).toBe('Elemento non trovato');
  });

  it('says what the route names when it gives its own message', async () => {
    const handler = httpHandler(
      { path: z.object({ id: z.string().max(8) }), invalid: { path: 'caseNotFound' } },
      async () => ({ ok: true }),
    );
    const { status, body } = await call(
      handler,
      event('GET /api/cases/{id}', { path: { id: 'x'.repeat(20) }, language: 'en' }),
    );
    expect(status).toBe(404);
    expect(body.message).toBe('Error while loading the case data');
  });
});

describe('a function serving several routes', () => {
  const routes = httpRoutes({
    'GET /api/things': route({ query: z.object({ q: z.string().min(1) }) }, async ({ query }) => ({
      q: query.q,
    })),
    'POST /api/things/{id}': route(
      { path: z.object({ id: z.string() }), body: z.object({ n: z.number() }) },
      async ({ path, body }) => ({ id: path.id, n: body.n }),
    ),
  });

  it('routes each request to its route with that route’s schemas', async () => {
    expect((await call(routes, event('GET /api/things', { query: { q: 'a' } }))).body).toEqual({
      q: 'a',
    });
    const post = event('POST /api/things/{id}', { path: { id: 't1' } });
    post.body = JSON.stringify({ n: 3 });
    expect((await call(routes, post)).body).toEqual({ id: 't1', n: 3 });
  });

  it('refuses what one route’s schema refuses', async () => {
    expect((await call(routes, event('GET /api/things', {}))).status).toBe(400);
    const post = event('POST /api/things/{id}', { path: { id: 't1' } });
    post.body = JSON.stringify({ n: 'three' });
    expect((await call(routes, post)).status).toBe(400);
  });

  it('answers 404 for a route it does not serve', async () => {
    expect((await call(routes, event('DELETE /api/things', {}))).status).toBe(404);
    expect((await call(routes, event('GET toString', {}))).status).toBe(404);
  });
});
