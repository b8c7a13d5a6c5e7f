import { stack } from './support/sync-env';
import { randomUUID } from 'node:crypto';
import { REDIRECT_URI } from '../../local/spapi-simulator/test-support';
import { AesGcmTokenCipher } from '../../lambdas/adapters/crypto/token-cipher';
import { disconnect } from '../../lambdas/adapters/dynamo/connections';
import { loadSyncedShipments } from '../../lambdas/adapters/dynamo/shipments';
import { putSubscription } from '../../lambdas/adapters/dynamo/subscriptions';
import { createSellerApis } from '../../lambdas/adapters/sp-api/seller-apis';
import { connectionWriter } from '../../lambdas/wiring/sync-dependencies';
import { monthsBefore, systemClock } from '../../lambdas/domain/clock';
import { linkSellerAccount } from '../../lambdas/domain/connection/seller-link';
import { shipmentView } from '../../lambdas/domain/sync/view';
import { IT, credentials, iso, expected } from './support/sync-harness';

/** Sync now end to end through the local stack's gateway, queue, consumer and worker. */

describe('Sync now through the local stack: gateway, queue, consumer and worker', () => {
  it('syncs the default scenario for a signed-in seller and shows progress, then the result', async () => {
    const accounts = await import('./support/accounts');
    const { IT_ENV } = await import('./stack');
    const { DEFAULT_SCENARIO_FILE } = await import('../../local/scenarios');
    const { loadScenarioFile, resolveScenarioDates } = await import('../../local/spapi-simulator');
    const fs = await import('node:fs');
    const path = await import('node:path');

    // Prepare: a confirmed user, linked to the stack simulator's seller, with a plan
    const { email, userId, password } = await accounts.registerConfirmedUser();
    const session = await accounts.signInWithPassword(email, password);
    const stackKey = fs
      .readFileSync(
        path.resolve(__dirname, '../..', IT_ENV.LOCAL_DIR, 'keys/refresh-token.key'),
        'utf8',
      )
      .trim();
    const spapi = stack.spapi.endpoint;
    const apis = createSellerApis({
      endpoint: spapi,
      tokenUrl: `${spapi}/auth/o2/token`,
      credentials,
    });
    const confirm = await fetch(`${spapi}/apps/authorize/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        application_id: 'amzn1.sp.solution.local',
        state: 'e2e-state',
        redirect_uri: REDIRECT_URI,
        decision: 'authorize',
      }),
      redirect: 'manual',
    });
    const redirect = new URL(confirm.headers.get('location') ?? '').searchParams;
    await linkSellerAccount(
      {
        userId,
        code: redirect.get('spapi_oauth_code') ?? '',
        sellerId: redirect.get('selling_partner_id') ?? '',
        countryCode: 'IT',
        redirectUri: REDIRECT_URI,
      },
      {
        authorization: apis.authorization,
        connections: connectionWriter,
        cipher: new AesGcmTokenCipher(Buffer.from(stackKey, 'base64')),
        clock: systemClock,
      },
    );
    await putSubscription({
      id: randomUUID(),
      userId,
      status: 'active',
      createdAt: iso(Date.now() - 1000),
      expiresAt: iso(Date.now() + 86_400_000),
      countryCode: 'IT',
    });

    try {
      // Act: Sync now, then poll like the dashboard
      const started = await accounts.api('POST', '/api/sync-fba', { token: session.AccessToken });
      expect(started).toEqual({
        status: 202,
        body: expect.objectContaining({ message: 'Sincronizzazione avviata' }),
      });
      const phases = new Set<string>();
      let latest: {
        run: { status: string; progress: { phase: string }; counts: Record<string, number> };
      };
      const deadline = Date.now() + 60_000;
      do {
        await new Promise((r) => setTimeout(r, 100));
        latest = (
          await accounts.api('GET', '/api/sync-runs/latest', { token: session.AccessToken })
        ).body as typeof latest;
        phases.add(latest.run.progress.phase);
      } while (latest.run.status === 'running' && Date.now() < deadline);

      // Assess: the run ended well and the listing is exactly the scenario's
      expect(latest.run.status).toBe('succeeded');
      expect(phases.has('done')).toBe(true);
      const now = Date.now();
      const scenarioNow = resolveScenarioDates(
        loadScenarioFile(DEFAULT_SCENARIO_FILE),
        new Date(now),
      );
      const want = expected(scenarioNow, IT, monthsBefore(now, 18), now);
      expect(want.length).toBeGreaterThan(3);
      expect((await loadSyncedShipments(userId, IT)).map(shipmentView)).toEqual(want);
      expect(latest.run.counts.shipments_listed).toBe(want.length);
    } finally {
      await disconnect(userId);
    }
  });
});
