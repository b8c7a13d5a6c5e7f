import type { Context } from 'aws-lambda';
import { PaymentRefused } from '../domain/plan/payment';
import { UpstreamFailure } from '../domain/sync/spapi-port';
import { httpHandler, type HttpEvent } from './http';

/**
 * A refusal decided in the domain reaches the caller as the HTTP error of its kind, in the
 * caller's language, with its machine-readable reason, without the handler translating it.
 */

function event(language: string): HttpEvent {
  return {
    version: '2.0',
    routeKey: 'POST /api/test',
    rawPath: '/api/test',
    rawQueryString: '',
    headers: { 'accept-language': language },
    requestContext: {
      requestId: 'req-1',
      routeKey: 'POST /api/test',
      http: { method: 'POST', path: '/api/test' },
      authorizer: { jwt: { claims: { sub: 'user-1' }, scopes: [] } },
    },
    isBase64Encoded: false,
  } as unknown as HttpEvent;
}

const context = { functionName: 'fn', awsRequestId: 'aws-1' } as unknown as Context;

const refusing = httpHandler({}, async () => {
  throw new PaymentRefused('wrong_amount');
});

async function call(language: string) {
  const response = (await refusing(event(language), context)) as {
    statusCode: number;
    body: string;
  };
  return { status: response.statusCode, body: JSON.parse(response.body) };
}

describe('domain refusals through the middleware', () => {
  it('answers a payment refusal as 402 in Italian with its reason', async () => {
    const { status, body } = await call('it-IT');
    expect(status).toBe(402);
    expect(body).toMatchObject({ ok: false, error: 'payment_required' });
    expect(body.details).toEqual({ reason: 'wrong_amount' });
    expect(body.message).toMatch(/importo/i);
  });

  it('answers the same refusal in English for an English reader', async () => {
    const { body } = await call('en-GB');
    expect(body.message).toMatch(/amount/i);
  });

  it('maps a refusal of another kind to its own status', async () => {
    const forbidden = httpHandler({}, async () => {
      throw new PaymentRefused('order_other_user');
    });
    const response = (await forbidden(event('it'), context)) as { statusCode: number };
    expect(response.statusCode).toBe(403);
  });
});

describe('Amazon unavailable in time', () => {
  const throttled = httpHandler({}, async () => {
    throw new UpstreamFailure('transient', 'QuotaExceeded', 'createReport: throttled', 429);
  });
  const refused = httpHandler({}, async () => {
    throw new UpstreamFailure('permanent', 'InvalidInput', 'createReport: bad input', 400);
  });

  it('answers a transient failure as 429, said in the caller\u2019s language', async () => {
    for (const [language, words] of [
      ['it-IT', /riprova tra qualche minuto/],
      ['en-GB', /try again in a few minutes/],
    ] as const) {
      const response = (await throttled(event(language), context)) as {
        statusCode: number;
        body: string;
      };
      expect(response.statusCode).toBe(429);
      expect(JSON.parse(response.body).message).toMatch(words);
    }
  });

  it('leaves any other failure of Amazon a server error', async () => {
    const response = (await refused(event('it'), context)) as { statusCode: number };
    expect(response.statusCode).toBe(500);
  });
});
