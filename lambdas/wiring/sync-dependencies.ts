import { afterDashboardDataChanged } from '../adapters/dashboard-summary';
import { systemClock, type Clock } from '../domain/clock';
import type { TokenCipher } from '../domain/connection/connection';
import type { SyncDeps, SyncLog } from '../domain/sync/sync';
import { logger } from '../shared/logger';
import { tokenCipherFromEnv } from '../adapters/crypto/token-cipher';
import { getConnection, saveConnected, setConnectionStatus } from '../adapters/dynamo/connections';
import { addAlert } from '../adapters/dynamo/alerts';
import { markUnitsFound } from '../adapters/dynamo/cases';
import {
  closeInboundClaims,
  inboundFacts,
  writeSellerInboundClaims,
} from '../adapters/dynamo/inbound-claims';
import {
  applyShipmentChanges,
  loadSyncedShipments,
  setLedgerReceipts,
} from '../adapters/dynamo/shipments';
import { claimFreeScan, releaseFreeScan } from '../adapters/dynamo/profiles';
import { listSubscriptions } from '../adapters/dynamo/subscriptions';
import { syncRunStore } from '../adapters/dynamo/sync-runs';
import { sellerApisConfigFromEnv } from '../adapters/sp-api/config';
import { createSellerApis, type SellerApis } from '../adapters/sp-api/seller-apis';
import { once, refreshTokenReader } from './seller-access';

const syncLog: SyncLog = {
  info: (message, data) => logger.info(message, data ?? {}),
  warn: (message, data) => logger.warn(message, data ?? {}),
};

/**
 * Builds the SP-API clients from the environment (endpoint, token URL, LWA credentials), as
 * {@link syncDependencies} does on first use; for callers outside a function (the scenario CLI).
 */
export function sellerApisFromEnv(env: NodeJS.ProcessEnv = process.env): SellerApis {
  return createSellerApis(sellerApisConfigFromEnv(env));
}

export interface SyncWiring {
  clock?: Clock;
  /** Defaults to the environment's; only the worker needs it. */
  sellerApis?: () => SellerApis;
  cipher?: () => TokenCipher;
  options?: SyncDeps['options'];
}

/**
 * The sync's adapters on the single table, the SP-API and the token cipher. The Amazon side
 * and the cipher are built on first use, so a function that only starts runs (`sync-fba`)
 * needs neither LWA credentials nor the key.
 */
export function syncDependencies(wiring: SyncWiring = {}): SyncDeps & {
  cipher: () => TokenCipher;
  sellerApis: () => SellerApis;
} {
  const cipher = once(wiring.cipher ?? (() => tokenCipherFromEnv()));
  const sellerApis = once(wiring.sellerApis ?? (() => createSellerApis(sellerApisConfigFromEnv())));
  const clock = wiring.clock ?? systemClock;
  return {
    clock,
    cipher,
    sellerApis,
    connections: {
      get: getConnection,
      setStatus: (userId, status, lastError) =>
        setConnectionStatus(userId, status, lastError, clock.now()),
      refreshToken: refreshTokenReader(cipher),
    },
    plans: { list: listSubscriptions },
    freeScan: { claim: claimFreeScan, release: releaseFreeScan },
    runs: {
      ...syncRunStore,
      // The end of a sync: the dashboard summary is computed from the new listing.
      finish: async (run, state) => {
        await syncRunStore.finish(run, state);
        await afterDashboardDataChanged(run.userId);
      },
    },
    listing: {
      load: loadSyncedShipments,
      // Each shipment with missing units is kept as a claim row too, in its transaction.
      apply: async (userId, changes) => {
        const now = new Date(clock.now()).toISOString();
        await applyShipmentChanges(userId, changes, now, await inboundFacts(userId, now));
      },
      // A ledger receipt moves a window: the claim rows follow it.
      setLedgerReceipts: async (userId, receipts) => {
        await setLedgerReceipts(userId, receipts);
        const now = new Date(clock.now()).toISOString();
        await writeSellerInboundClaims(userId, { now, dryRun: false });
      },
    },
    spapi: (refreshToken) => sellerApis().forSeller(refreshToken),
    unitsFound: async (userId, found) => {
      const now = new Date(clock.now()).toISOString();
      for (const { shipmentId, units } of found) {
        const resolved = await markUnitsFound(userId, shipmentId, units, now);
        if (resolved) await addAlert(userId, { kind: 'case_found', shipmentId, units });
      }
      await closeInboundClaims(
        userId,
        found.map((f) => f.shipmentId),
        now,
      );
    },
    log: syncLog,
    ...(wiring.options ? { options: wiring.options } : {}),
  };
}

/** The connection writer for linking an account (issue 4's callback and the scenario CLI). */
export const connectionWriter = { saveConnected };
