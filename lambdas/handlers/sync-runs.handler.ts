import { syncRunStore } from '../adapters/dynamo/sync-runs';
import type { LatestRuns } from '../domain/sync/contract';
import { syncRunView } from '../domain/sync/view';
import { httpHandler } from '../shared/http';

/**
 * `GET /api/sync-runs/latest`: the caller's latest sync run (running with its progress, or
 * finished with its counts) and the last successful one, for "last sync" while a new one runs.
 */
export const handler = httpHandler({}, async ({ userId }): Promise<LatestRuns> => {
  const user = userId;
  const now = Date.now();
  const [latest, state] = await Promise.all([syncRunStore.latest(user), syncRunStore.state(user)]);
  const lastSuccessful =
    state === undefined
      ? undefined
      : latest?.runId === state.lastSuccessRunId
        ? latest
        : await syncRunStore.get(user, state.lastSuccessRunId);
  return {
    run: latest ? syncRunView(latest, now) : null,
    last_successful: lastSuccessful ? syncRunView(lastSuccessful, now) : null,
  };
});
