import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { CaseDocument, CaseFiling } from '@domain/cases/contract';
import { buttonStyles } from '../../../components/ui/button-styles';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../lib/paths';
import { notify } from '../../../lib/toast';
import { markCaseOpened } from '../api/cases';
import { downloadAllDocuments } from '../api/documents';
import { serverMessage } from '../submit-errors';
import { SubmitButton } from './submit-button';

/**
 * "I opened the case" (spec 4.1, issue 29): Amazon's case id, checked by the server; its
 * refusal shows beside the field, in the page's language.
 */
function OpenedDialog({
  shipmentId,
  open,
  onClose,
}: {
  shipmentId: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('cases');
  const [caseId, setCaseId] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  async function confirm(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const result = await markCaseOpened(shipmentId, caseId.trim());
      notify.success({ title: result.message });
      setError(undefined);
      onClose();
    } catch (failure) {
      setError(serverMessage(failure, t('sheet.openedError')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('sheet.openedTitle')}
      description={t('sheet.openedText')}
    >
      <form noValidate onSubmit={(event) => void confirm(event)} className="flex flex-col gap-4">
        <TextField
          label={t('filing.caseIdLabel')}
          hint={t('filing.caseIdHint')}
          inputMode="numeric"
          autoComplete="off"
          required
          value={caseId}
          onChange={(event) => {
            setCaseId(event.target.value);
            setError(undefined);
          }}
          error={error}
        />
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            {t('docs.cancel')}
          </Button>
          <Button type="submit" disabled={busy} aria-busy={busy}>
            {t('sheet.openedConfirm')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * The primary way to file a case (issue 29, "we prepare, the seller files"): copy the text,
 * download every attachment, open the Seller Central page of the shipment's marketplace, then
 * "I opened the case" with Amazon's case id. Sending by email comes second, offered only when
 * Amazon's reply address for the marketplace is saved; the reply addresses are one link away.
 */
export function FilingSteps({
  shipmentId,
  filing,
  documents,
  getText,
}: {
  shipmentId: string;
  filing: CaseFiling;
  documents: readonly CaseDocument[];
  /** The dispute text, prepared first when there is none yet (undefined when it failed). */
  getText: () => Promise<string | undefined>;
}) {
  const { t } = useTranslation('cases');
  const headingId = useId();
  const [copying, setCopying] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [openedDialog, setOpenedDialog] = useState(false);
  const marketplace = filing.marketplace;

  async function copy() {
    setCopying(true);
    try {
      const text = await getText();
      if (!text) return;
      await navigator.clipboard.writeText(text);
      notify.success({ title: t('filing.copied') });
    } catch {
      notify.error({ title: t('sheet.copyError') });
    } finally {
      setCopying(false);
    }
  }

  async function download() {
    setDownloading(true);
    try {
      await downloadAllDocuments(documents);
    } catch (error) {
      notify.error({
        title: t('filing.downloadError'),
        description: serverMessage(error, t('filing.downloadError')),
      });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <section
      aria-labelledby={headingId}
      data-testid="filing-steps"
      className="flex flex-col gap-4 rounded-xl border border-slate-300 bg-slate-50 p-4"
    >
      <h3 id={headingId} className="text-lg font-semibold">
        {t('filing.title')}
      </h3>
      <p className="text-sm text-slate-800">{t('filing.intro', { marketplace })}</p>
      <ol className="flex list-decimal flex-col gap-4 pl-6">
        <li>
          <p>{t('filing.step1')}</p>
          <Button
            className="mt-2"
            onClick={() => void copy()}
            disabled={copying}
            aria-busy={copying}
          >
            {t('filing.copy')}
          </Button>
        </li>
        <li>
          <p>{t('filing.step2')}</p>
          <Button
            className="mt-2"
            variant="secondary"
            onClick={() => void download()}
            disabled={downloading || documents.length === 0}
            aria-busy={downloading}
          >
            {t('filing.download', { count: documents.length })}
          </Button>
        </li>
        <li>
          <p>{t('filing.step3')}</p>
          <a
            href={filing.seller_central_url}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonStyles({ variant: 'secondary', className: 'mt-2' })}
          >
            {t('filing.open', { marketplace })}
            <span className="sr-only"> ({t('filing.newTab')})</span>
          </a>
        </li>
        <li>
          <p>{t('filing.step4')}</p>
          <Button className="mt-2" onClick={() => setOpenedDialog(true)}>
            {t('filing.opened')}
          </Button>
        </li>
      </ol>
      <div className="border-t border-slate-200 pt-4 text-sm">
        {filing.reply_email ? (
          <>
            <h4 className="font-semibold">{t('filing.emailTitle')}</h4>
            <p className="mt-1 text-slate-800">
              {t('filing.emailText', { marketplace, email: filing.reply_email })}
            </p>
            <div className="mt-2 flex flex-wrap items-center gap-3">
              <SubmitButton
                shipmentId={shipmentId}
                recipient={filing.reply_email}
                marketplace={marketplace}
                enabled
              />
              <Link to={paths.feedbackSettings} className="font-semibold underline">
                {t('sheet.replyAddresses')}
              </Link>
            </div>
          </>
        ) : (
          <p className="text-slate-800">
            {t('filing.emailUnavailable', { marketplace })}{' '}
            <Link to={paths.feedbackSettings} className="font-semibold underline">
              {t('sheet.replyAddresses')}
            </Link>
            .
          </p>
        )}
      </div>
      <OpenedDialog
        shipmentId={shipmentId}
        open={openedDialog}
        onClose={() => setOpenedDialog(false)}
      />
    </section>
  );
}
