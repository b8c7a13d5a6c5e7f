import DOMPurify from 'dompurify';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { inputClass } from '../../../components/ui/text-field';
import { toLanguage } from '../../../i18n/languages';
import { notify } from '../../../lib/toast';
import { generateAppeal, type FeedbackAppeal, type SellerFeedback } from '../api/feedback';
import { copyToClipboard } from './copy';

type Tab = 'text' | 'html';
const TABS: Tab[] = ['text', 'html'];

/**
 * The removal-request draft of one feedback row (spec 2.10): read-only subject, the text and
 * html versions in tabs, each with a copy button, the html previewed only after DOMPurify has
 * sanitised it, and a note when a reply address is saved for the marketplace. Mount it with a
 * key per row, so each opening starts from a clean state.
 */
export function AppealDialog({
  feedback,
  onClose,
}: {
  feedback: SellerFeedback | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('feedback');
  const [appeal, setAppeal] = useState<FeedbackAppeal | null>(null);
  const [tab, setTab] = useState<Tab>('text');
  const id = useId();
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ text: null, html: null });
  const language = toLanguage(i18n.resolvedLanguage);

  useEffect(() => {
    if (!feedback) return;
    let current = true;
    generateAppeal(feedback.id, language).then(
      (result) => {
        if (current) setAppeal(result);
      },
      (error: unknown) => {
        if (!current) return;
        notify.error({ title: t('toast.appealError'), error });
        onClose();
      },
    );
    return () => {
      current = false;
    };
  }, [feedback, language, onClose, t]);

  const safeHtml = appeal ? DOMPurify.sanitize(appeal.html) : '';

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const next = TABS[(TABS.indexOf(tab) + 1) % TABS.length]!;
    setTab(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <Dialog
      open={feedback !== null}
      onClose={onClose}
      title={t('dialog.title')}
      description={t('dialog.description')}
    >
      {!appeal ? (
        <p role="status" className="text-slate-700">
          {t('dialog.loading')}
        </p>
      ) : (
        <div className="flex flex-col gap-4">
          <div>
            <label htmlFor={`${id}-subject`} className="block text-sm font-medium text-slate-900">
              {t('dialog.subject')}
            </label>
            <div className="mt-1 flex gap-2">
              <input
                id={`${id}-subject`}
                readOnly
                value={appeal.subject}
                className={`w-full ${inputClass} border-slate-400`}
              />
              <Button
                variant="secondary"
                size="sm"
                onClick={() => void copyToClipboard(appeal.subject)}
              >
                {t('dialog.copySubject')}
              </Button>
            </div>
          </div>

          <div role="tablist" aria-label={t('dialog.tabs')} className="flex gap-2">
            {TABS.map((name) => (
              <button
                key={name}
                ref={(el) => {
                  tabRefs.current[name] = el;
                }}
                type="button"
                role="tab"
                id={`${id}-tab-${name}`}
                aria-selected={tab === name}
                aria-controls={`${id}-panel-${name}`}
                tabIndex={tab === name ? 0 : -1}
                onClick={() => setTab(name)}
                onKeyDown={onTabKey}
                className={`rounded-lg px-3 py-1.5 text-sm font-semibold ${
                  tab === name ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-900'
                }`}
              >
                {t(`dialog.${name}`)}
              </button>
            ))}
          </div>

          {tab === 'text' ? (
            <div role="tabpanel" id={`${id}-panel-text`} aria-labelledby={`${id}-tab-text`}>
              <label htmlFor={`${id}-body`} className="sr-only">
                {t('dialog.body')}
              </label>
              <textarea
                id={`${id}-body`}
                readOnly
                rows={10}
                value={appeal.text}
                className={`w-full ${inputClass} border-slate-400 font-mono text-sm`}
              />
              <Button
                className="mt-2"
                variant="secondary"
                size="sm"
                onClick={() => void copyToClipboard(appeal.text)}
              >
                {t('dialog.copyText')}
              </Button>
            </div>
          ) : (
            <div role="tabpanel" id={`${id}-panel-html`} aria-labelledby={`${id}-tab-html`}>
              <div
                aria-label={t('dialog.preview')}
                role="region"
                data-testid="appeal-html-preview"
                className="max-h-72 overflow-auto rounded-lg border border-slate-300 bg-slate-50 p-3 text-sm [&_li]:ml-5 [&_li]:list-disc [&_p]:mb-2"
                // Sanitised by DOMPurify just above; the server escapes every value as well.
                dangerouslySetInnerHTML={{ __html: safeHtml }}
              />
              <Button
                className="mt-2"
                variant="secondary"
                size="sm"
                onClick={() => void copyToClipboard(safeHtml)}
              >
                {t('dialog.copyHtml')}
              </Button>
            </div>
          )}

          {appeal.has_reply_email ? <Alert tone="info">{t('dialog.replyNote')}</Alert> : null}
        </div>
      )}
      <div className="mt-6 flex justify-end">
        <Button variant="ghost" onClick={onClose}>
          {t('dialog.close')}
        </Button>
      </div>
    </Dialog>
  );
}
