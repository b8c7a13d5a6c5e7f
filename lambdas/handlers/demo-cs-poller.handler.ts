import { afterDashboardDataChanged } from '../adapters/dashboard-summary';
import { applyDemoStep, listCases } from '../adapters/dynamo/cases';
import { demoPollerRequest } from '../domain/cases/contract';
import { nextDemoStep } from '../domain/cases/demo-poller';
import { toCaseView } from '../domain/cases/records';
import { ConflictError, NotFoundError, UnprocessableError } from '../shared/errors';
import { httpHandler } from '../shared/http';
import { message } from '../shared/messages';

/**
 * demo-cs-poller on demand (spec 2.8 "simulate response"): one simulated reply on one of the
 * caller's demo cases. The scheduled steps run in the sync worker (`cases.poll`).
 */
export const handler = httpHandler(
  { body: demoPollerRequest },
  async ({ body, userId, language }) => {
    const record = (await listCases(userId)).find((c) => c.id === body.case_id);
    if (!record) throw new NotFoundError(message('caseNotFound', language));
    if (!record.demo_mode) throw new UnprocessableError(message('simulateNotDemo', language));
    const step = nextDemoStep(record);
    // A closed demo case has no further reply: said in the caller's language.
    if (!step) throw new ConflictError(message('demoCaseClosed', language));
    const updated = await applyDemoStep(
      record,
      step,
      record.language ?? language,
      new Date().toISOString(),
    );
    if (!updated) throw new NotFoundError(message('caseNotFound', language));
    await afterDashboardDataChanged(userId);
    return { ok: true, message: message('responseSimulated', language), case: toCaseView(updated) };
  },
);
