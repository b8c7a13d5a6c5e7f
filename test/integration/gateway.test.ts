import { stackInfo } from './stack';

describe('the local API gateway', () => {
  const stack = stackInfo();

  test('GET /api/health answers {"ok":true} through the gateway and the handler', async () => {
    const res = await fetch(`${stack.apiUrl}/api/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({ ok: true });
  });

  test('an unknown route gets the 404 API Gateway sends', async () => {
    const res = await fetch(`${stack.apiUrl}/api/no-such-route`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Not Found' });
  });
});
