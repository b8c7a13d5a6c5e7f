import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ACCEPTED_CASE_REPLY_DOMAINS,
  isAcceptedCaseReplyEmail,
  REPLY_ADDRESS_MARKETPLACES,
  type ReplyAddressMarketplace,
} from '@domain/cases/reply-marketplaces';
import { paths } from '../../../lib/paths';
import { Badge } from '../../../components/ui/badge';
import { Button, ButtonLink } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useFormatters } from '../../../lib/use-formatters';
import { saveCaseEndpoint, useCaseEndpoints, type CaseEndpoint } from '../api/feedback';

type Marketplace = ReplyAddressMarketplace;

/**
 * One marketplace's reply address (spec 2.11, 4.9): Save only when the value differs from the
 * saved one, "Salvando..." while saving, empty deletes, "Configurato" once an address is saved.
 * The page keys it by the saved value, so a save starts it afresh from what was stored.
 */
function EndpointCard({
  marketplace,
  saved,
  onSaved,
}: {
  marketplace: Marketplace;
  saved: CaseEndpoint | undefined;
  onSaved: (marketplace: string, endpoint: CaseEndpoint | null) => void;
}) {
  const { t } = useTranslation('feedback');
  const format = useFormatters();
  const id = useId();
  const [value, setValue] = useState(saved?.reply_email ?? '');
  const [saving, setSaving] = useState(false);
  const [invalid, setInvalid] = useState(false);

  const changed = value.trim() !== (saved?.reply_email ?? '');
  const name = `${t(`marketplaces.${marketplace.code}`)} (${marketplace.domain})`;

  const showInvalid = () => {
    setInvalid(true);
    notify.error({
      title: t('settings.toast.invalidTitle'),
      description: t('settings.toast.invalid'),
    });
  };

  const save = async () => {
    const email = value.trim();
    if (email !== '' && !isAcceptedCaseReplyEmail(email)) {
      showInvalid();
      return;
    }
    setInvalid(false);
    setSaving(true);
    try {
      const result = await saveCaseEndpoint(marketplace.domain, email);
      onSaved(marketplace.domain, result.endpoint);
      notify.success(
        result.deleted
          ? { title: t('settings.toast.savedTitle'), description: t('settings.toast.deleted') }
          : { title: t('settings.toast.savedTitle'), description: t('settings.toast.saved') },
      );
    } catch (error) {
      if (isApiError(error, 400)) showInvalid();
      else
        notify.error({
          title: t('settings.toast.errorTitle'),
          description: t('settings.toast.saveError'),
          error,
        });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      data-testid={`endpoint-${marketplace.domain}`}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
          {name}
        </h2>
        {saved ? <Badge tone="brand">{t('settings.configured')}</Badge> : null}
      </div>
      <form
        className="mt-3 flex flex-col gap-3"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (changed && !saving) void save();
        }}
      >
        <TextField
          label={t('settings.emailLabel')}
          type="email"
          autoComplete="off"
          placeholder={t('settings.placeholder')}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setInvalid(false);
          }}
          error={invalid ? t('settings.invalidInline') : undefined}
          hint={
            saved
              ? t('settings.lastSaved', { date: format.date(saved.updated_at) })
              : t('settings.neverSaved')
          }
        />
        <Button type="submit" className="self-start" disabled={!changed || saving}>
          {saving ? t('settings.saving') : t('settings.save')}
        </Button>
      </form>
    </section>
  );
}

/**
 * Reply-address settings (spec 2.11): a card for every marketplace the connection wizard offers
 * (and amazon.com), accepted domains, help. Reached from the account menu, the feedback page,
 * the dashboard and the case sheet.
 */
export function FeedbackSettingsPage() {
  const { t } = useTranslation('feedback');
  useDocumentTitle(t('settings.metaTitle'));
  const read = useCaseEndpoints({
    onError: (error: unknown) =>
      notify.error({
        title: t('settings.toast.errorTitle'),
        description: t('settings.toast.loadError'),
        error,
      }),
  });
  // After a failed read the cards still show, empty, so an address can be entered.
  const endpoints: Record<string, CaseEndpoint> | null = read.data
    ? Object.fromEntries(read.data.endpoints.map((e) => [e.marketplace, e]))
    : read.error
      ? {}
      : null;

  const onSaved = (marketplace: string, endpoint: CaseEndpoint | null) =>
    void read.mutate(
      (current) => ({
        endpoints: [
          ...(current?.endpoints ?? []).filter((e) => e.marketplace !== marketplace),
          ...(endpoint ? [endpoint] : []),
        ],
      }),
      { revalidate: false },
    );

  return (
    <section aria-labelledby="settings-title" className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="settings-title" className="text-3xl font-bold tracking-tight">
          {t('settings.title')}
        </h1>
        <ButtonLink to={paths.feedback} variant="secondary" size="sm">
          {t('settings.back')}
        </ButtonLink>
      </div>
      <p className="mt-3 max-w-3xl text-lg text-slate-700">{t('settings.intro')}</p>
      <p className="mt-2 text-sm text-slate-700">
        {t('settings.accepted', { domains: ACCEPTED_CASE_REPLY_DOMAINS.join(', ') })}
      </p>

      {endpoints === null ? (
        <p role="status" className="mt-8 text-slate-700">
          {t('settings.loading')}
        </p>
      ) : (
        <div className="mt-8 grid gap-4 md:grid-cols-2">
          {REPLY_ADDRESS_MARKETPLACES.map((marketplace) => (
            <EndpointCard
              // A new saved value starts the card afresh from it.
              key={`${marketplace.domain}:${endpoints[marketplace.domain]?.updated_at ?? ''}`}
              marketplace={marketplace}
              saved={endpoints[marketplace.domain]}
              onSaved={onSaved}
            />
          ))}
        </div>
      )}

      <section
        aria-labelledby="settings-help"
        className="mt-8 rounded-2xl border border-slate-200 bg-slate-50 p-6"
      >
        <h2 id="settings-help" className="text-lg font-semibold text-slate-900">
          {t('settings.help.title')}
        </h2>
        <ol className="mt-3 list-decimal space-y-1 pl-5 text-slate-800">
          <li>{t('settings.help.step1')}</li>
          <li>{t('settings.help.step2')}</li>
          <li>{t('settings.help.step3')}</li>
          <li>{t('settings.help.step4')}</li>
        </ol>
      </section>
    </section>
  );
}
