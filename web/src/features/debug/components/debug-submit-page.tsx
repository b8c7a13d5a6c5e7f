import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../lib/use-document-title';
import {
  QA_ROLE,
  QA_STORAGE_SHIPMENT,
  QA_SUBMIT_SHIPMENTS,
  DOCUMENT_BUCKET,
  StepFailed,
  call,
  caseIdOf,
  messageOf,
  uploadDocument,
  type StepRecord,
} from '../api/qa';
import { buildQaPdf } from '../api/qa-pdf';
import { useSession } from '../../../lib/auth/use-session';
import { useTestRunner } from '../use-test-runner';
import { DebugLayout, TestCard } from './test-card';

const TESTS = ['created', 'reused', 'invalid'] as const;
type Submitted = { shipmentId: string; caseId: string; messageId: string };

function sentMessageId(body: unknown): string | null {
  const id = (body as { case?: { sent_message_id?: unknown } } | null)?.case?.sent_message_id;
  return typeof id === 'string' && id ? id : null;
}

/** `/debug/submit` (spec 2.12): the three submit tests against the real API. */
export function DebugSubmitPage() {
  const { t } = useTranslation('debug');
  useDocumentTitle(t('submit.metaTitle'));
  const { session } = useSession();
  const { states, run } = useTestRunner(TESTS);
  const submitted = useRef<Submitted | null>(null);

  /** The QA shipment test 1 submits: the first demo shipment not submitted yet. */
  async function freeShipment(records: StepRecord[]): Promise<string> {
    for (const shipmentId of QA_SUBMIT_SHIPMENTS) {
      const detail = await call(records, `case ${shipmentId}`, `/cases/${shipmentId}`);
      if (detail.status === 200 && !sentMessageId(detail.body)) return shipmentId;
    }
    throw new StepFailed(t('submit.noFreeShipment'));
  }

  const created = () =>
    run('created', async (records) => {
      const shipmentId = await freeShipment(records);
      const file = new Blob([buildQaPdf(qaInvoiceLines(shipmentId))], { type: 'application/pdf' });
      const document = await uploadDocument(records, {
        shipmentId,
        docType: 'fattura',
        file,
        fileName: 'qa-debug-fattura.pdf',
        contentType: 'application/pdf',
      });
      const apiCases = await call(records, 'api-cases', '/api-cases', {
        method: 'POST',
        body: { documentPath: `${DOCUMENT_BUCKET}/${document.path}`, role: QA_ROLE, shipmentId },
      });
      if (apiCases.status !== 200) {
        throw new StepFailed(
          `${t('submit.apiCasesError')} (${apiCases.status}) ${messageOf(apiCases.body)}`,
        );
      }
      const caseId = caseIdOf(apiCases.body);
      if (!caseId) throw new StepFailed(t('submit.caseIdMissing'));
      const submit = await call(records, 'submit-reimbursement', '/submit-reimbursement', {
        method: 'POST',
        body: { shipmentId, case_id: caseId },
      });
      const body = submit.body as {
        ok?: boolean;
        action?: string;
        sent_provider?: string | null;
        sent_message_id?: string | null;
      };
      if (submit.status !== 200 || body?.ok !== true) {
        throw new StepFailed(`submit-reimbursement ${submit.status}: ${messageOf(submit.body)}`);
      }
      if (body.action !== 'created' || !body.sent_provider || !body.sent_message_id) {
        throw new StepFailed(t('submit.notConforming'));
      }
      submitted.current = { shipmentId, caseId, messageId: body.sent_message_id };
      return {
        shipmentId,
        caseId,
        action: body.action,
        provider: body.sent_provider,
        messageId: body.sent_message_id,
      };
    });

  const reused = () =>
    run('reused', async (records) => {
      const previous = submitted.current;
      if (!previous) throw new StepFailed(t('submit.runFirst'));
      const submit = await call(records, 'submit-reimbursement', '/submit-reimbursement', {
        method: 'POST',
        body: { shipmentId: previous.shipmentId, case_id: previous.caseId },
      });
      const body = submit.body as { action?: string; sent_message_id?: string | null };
      if (submit.status !== 200) {
        throw new StepFailed(`submit-reimbursement ${submit.status}: ${messageOf(submit.body)}`);
      }
      if (body?.action !== 'reused' || body.sent_message_id !== previous.messageId) {
        throw new StepFailed(t('submit.notIdempotent'));
      }
      return { action: body.action, messageId: body.sent_message_id };
    });

  const invalid = () =>
    run('invalid', async (records) => {
      const response = await call(records, 'api-cases', '/api-cases', {
        method: 'POST',
        body: {
          documentPath: `${DOCUMENT_BUCKET}/${session?.userId ?? 'me'}/shipments/${QA_STORAGE_SHIPMENT}/fattura/qa-missing.pdf`,
          role: QA_ROLE,
          shipmentId: QA_STORAGE_SHIPMENT,
        },
      });
      const text = messageOf(response.body);
      if (response.status !== 422 || !/document/i.test(text)) {
        throw new StepFailed(t('submit.expected422', { status: response.status }));
      }
      return { status: response.status, message: text };
    });

  const runAll = async () => {
    if (await created()) await reused();
    else await run('reused', async () => Promise.reject(new StepFailed(t('submit.runFirst'))));
    await invalid();
  };

  const running = Object.values(states).some((s) => s.status === 'running');
  return (
    <DebugLayout title={t('submit.title')} intro={t('submit.intro')}>
      <Button onClick={() => void runAll()} disabled={running}>
        {t('runAll')}
      </Button>
      <TestCard
        testId="debug-test-created"
        title={t('submit.tests.created.title')}
        description={t('submit.tests.created.description')}
        state={states.created}
        action={
          <Button size="sm" variant="secondary" disabled={running} onClick={() => void created()}>
            {t('run')}
          </Button>
        }
      />
      <TestCard
        testId="debug-test-reused"
        title={t('submit.tests.reused.title')}
        description={t('submit.tests.reused.description')}
        state={states.reused}
        action={
          <Button size="sm" variant="secondary" disabled={running} onClick={() => void reused()}>
            {t('run')}
          </Button>
        }
      />
      <TestCard
        testId="debug-test-invalid"
        title={t('submit.tests.invalid.title')}
        description={t('submit.tests.invalid.description')}
        state={states.invalid}
        action={
          <Button size="sm" variant="secondary" disabled={running} onClick={() => void invalid()}>
            {t('run')}
          </Button>
        }
      />
    </DebugLayout>
  );
}

/** The text of the QA invoice: enough for the document check to read it as an invoice. */
function qaInvoiceLines(shipmentId: string): string[] {
  const today = new Date().toISOString().slice(0, 10);
  return [
    'FATTURA N. QA-DEBUG-1',
    `Data: ${today}`,
    'Fornitore: QA Test Fornitore S.r.l. - P.IVA 01234567890',
    `Riferimento spedizione: ${shipmentId}`,
    'Descrizione: documento di prova del test diagnostico',
    'Totale: 1,00 EUR',
  ];
}
