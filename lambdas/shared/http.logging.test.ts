import type { Context } from 'aws-lambda';
import type { HttpEvent } from './http';

/**
 * Issue 9: what support finds in the logs of a failing request. The log lines are captured as
 * the function writes them (stdout, JSON) and checked for the correlation id the user reads
 * out, the outcome, and for the absence of secrets and personal data beyond the user id.
 */

const USER_ID = '5f3c1d2e-8a7b-4c6d-9e0f-112233445566';
const EMAIL = 'mario.rossi@example.com';
const PASSWORD = 'Segreta-Password-2025';
const PHONE = '+393331234567';
const JWT = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiI1ZjNjMWQyZSJ9.c2lnbmF0dXJlLW9mLXRoZS10b2tlbi1oZXJl';
const DOCUMENT_TEXT = 'FATTURA N. 42 del fornitore Rossi Srl, IBAN IT60X0542811101000000123456';

function event(headers: Record<string, string>, body: unknown): HttpEvent {
  return {
    version: '2.0',
    routeKey: 'POST /api/test',
    rawPath: '/api/test',
    rawQueryString: '',
    headers: { 'content-type': 'application/json', ...headers },
    requestContext: {
      requestId: 'req-123',
      routeKey: 'POST /api/test',
      http: { method: 'POST', path: '/api/test' },
      authorizer: { jwt: { claims: { sub: USER_ID }, scopes: [] } },
    },
    body: JSON.stringify(body),
    isBase64Encoded: false,
  } as unknown as HttpEvent;
}

const context = {
  functionName: 'rimborsi-test-fn',
  functionVersion: '$LATEST',
  invokedFunctionArn: 'arn:aws:lambda:eu-south-1:000000000000:function:rimborsi-test-fn',
  memoryLimitInMB: '256',
  awsRequestId: 'aws-req-1',
  getRemainingTimeInMillis: () => 5000,
} as unknown as Context;

async function runCapturing(headers: Record<string, string>) {
  const previous = process.env.LOG_LEVEL;
  process.env.LOG_LEVEL = 'INFO';
  const lines: string[] = [];
  const write = jest
    .spyOn(process.stdout, 'write')
    .mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
  const errWrite = jest
    .spyOn(process.stderr, 'write')
    .mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
  try {
    let response: unknown;
    await jest.isolateModulesAsync(async () => {
      const { httpHandler } = await import('./http');
      const { logger } = await import('./logger');
      const { z } = await import('zod');
      const handler = httpHandler(
        {
          body: z.object({
            email: z.string(),
            password: z.string(),
            phone: z.string(),
            content: z.string(),
          }),
        },
        async ({ body }) => {
          // A careless handler: logs what it received, then fails with the address in the error.
          logger.info('Saving the upload', {
            body,
            email: body.email,
            password: body.password,
            phone: body.phone,
            authorization: `Bearer ${JWT}`,
          });
          throw new Error(`Store refused ${body.email}: token ${JWT}`);
        },
      );
      response = await handler(
        event(headers, { email: EMAIL, password: PASSWORD, phone: PHONE, content: DOCUMENT_TEXT }),
        context,
      );
    });
    return {
      response: response as { statusCode: number; headers: Record<string, string>; body: string },
      lines: lines
        .join('')
        .split('\n')
        .filter((line) => line.trim().startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>),
      raw: lines.join(''),
    };
  } finally {
    write.mockRestore();
    errWrite.mockRestore();
    process.env.LOG_LEVEL = previous;
  }
}

describe('request logs for support', () => {
  it('carries the correlation id the user reads out, the user and the outcome, and nothing private', async () => {
    const { response, lines, raw } = await runCapturing({
      authorization: `Bearer ${JWT}`,
      'x-correlation-id': 'K7QM-2XDP',
    });

    expect(response.statusCode).toBe(500);
    expect(response.headers['x-correlation-id']).toBe('K7QM-2XDP');
    expect(JSON.parse(response.body)).toMatchObject({ ok: false, correlation_id: 'K7QM-2XDP' });

    expect(lines.length).toBeGreaterThanOrEqual(3);
    for (const line of lines) {
      expect(line).toMatchObject({
        correlation_id: 'K7QM-2XDP',
        request_id: 'req-123',
        user_id: USER_ID,
        function_name: 'rimborsi-test-fn',
      });
    }
    expect(lines).toContainEqual(
      expect.objectContaining({
        message: 'Request completed',
        level: 'ERROR',
        status_code: 500,
        outcome: 'error',
        duration_ms: expect.any(Number),
      }),
    );
    // The failure itself is there, with the address masked.
    expect(raw).toContain('Store refused m***@example.com');

    for (const secret of [
      EMAIL,
      'mario.rossi',
      PASSWORD,
      PHONE,
      JWT,
      'eyJhbGci',
      'FATTURA',
      'IBAN',
    ]) {
      expect(raw).not.toContain(secret);
    }
  });

  it('makes up a correlation id when the caller sent none or a malformed one', async () => {
    const { response, lines } = await runCapturing({ 'x-correlation-id': 'bad id\n{"x":1}' });
    const id = response.headers['x-correlation-id'];
    expect(id).toMatch(/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
    expect(lines.every((line) => line.correlation_id === id)).toBe(true);
  });
});
