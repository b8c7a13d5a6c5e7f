import { createSpApiHttp, SpApiHttpError } from './http';

const BASE = 'https://sellingpartnerapi-eu.amazon.com';

function recordingFetch(answer: () => Response | Promise<Response>) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fake: typeof fetch = async (input, init) => {
    calls.push({ url: String(input), init: init ?? {} });
    return answer();
  };
  return { calls, fake };
}

describe('createSpApiHttp', () => {
  it('sends the access token and the JSON body the SDK serialised, and parses the JSON answer', async () => {
    const { calls, fake } = recordingFetch(
      () =>
        new Response('{"reportId":"R1"}', {
          status: 202,
          headers: { 'Content-Type': 'application/json', 'x-amzn-RateLimit-Limit': '0.0167' },
        }),
    );
    const http = createSpApiHttp({ accessToken: async () => 'Atza|token', fetch: fake });

    const response = await http.request<{ reportId: string }>({
      url: `${BASE}/reports/2021-06-30/reports`,
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      data: '{"reportType":"GET_SELLER_FEEDBACK_DATA"}',
    });

    expect(response).toMatchObject({ status: 202, data: { reportId: 'R1' } });
    expect(response.headers['x-amzn-ratelimit-limit']).toBe('0.0167');
    const [call] = calls;
    expect(call?.url).toBe(`${BASE}/reports/2021-06-30/reports`);
    expect(call?.init.method).toBe('POST');
    expect(call?.init.body).toBe('{"reportType":"GET_SELLER_FEEDBACK_DATA"}');
    expect(call?.init.headers).toMatchObject({
      'x-amz-access-token': 'Atza|token',
      'content-type': 'application/json',
    });
  });

  it('rejects a non-2xx answer with its status, headers and error body', async () => {
    const { fake } = recordingFetch(
      () =>
        new Response('{"errors":[{"code":"QuotaExceeded","message":"slow down"}]}', {
          status: 429,
          headers: { 'x-amzn-RateLimit-Limit': '2' },
        }),
    );
    const http = createSpApiHttp({ accessToken: async () => 't', fetch: fake });

    const failure = await http
      .request({ url: `${BASE}/fba/inbound/v0/shipments?MarketplaceId=APJ6JRA9NG5V4` })
      .catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(SpApiHttpError);
    expect(failure).toMatchObject({
      message: 'fba (inbound) error: Response code 429',
      response: {
        status: 429,
        headers: { 'x-amzn-ratelimit-limit': '2' },
        data: { errors: [{ code: 'QuotaExceeded', message: 'slow down' }] },
      },
    });
  });

  it('rejects a request that got no answer without a response, so it counts as a network failure', async () => {
    const http = createSpApiHttp({
      accessToken: async () => 't',
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });

    const failure = await http
      .request({ url: `${BASE}/sellers/v1/marketplaceParticipations` })
      .catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(SpApiHttpError);
    expect(failure).toMatchObject({ message: 'sellers (v1) error: No response' });
    expect((failure as SpApiHttpError).response).toBeUndefined();
  });

  it('passes a failure of the access-token step on unchanged, without sending anything', async () => {
    const { calls, fake } = recordingFetch(() => new Response('{}'));
    const refused = new Error('refresh token revoked');
    const http = createSpApiHttp({
      accessToken: async () => {
        throw refused;
      },
      fetch: fake,
    });

    await expect(
      http.request({ url: `${BASE}/sellers/v1/marketplaceParticipations` }),
    ).rejects.toBe(refused);
    expect(calls).toHaveLength(0);
  });

  it('answers a body that is not JSON as text', async () => {
    const { fake } = recordingFetch(() => new Response('plain words', { status: 200 }));
    const http = createSpApiHttp({ accessToken: async () => 't', fetch: fake });
    await expect(http.request({ url: `${BASE}/x/y` })).resolves.toMatchObject({
      data: 'plain words',
    });
  });
});
