import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths';
import { CardPage } from '../../../components/layout/card-page';
import { ModeBadge } from '../../../components/layout/mode-badge';
import { Alert } from '../../../components/ui/alert';
import { ButtonLink } from '../../../components/ui/button';
import { useSession } from '../../../lib/auth/use-session';
import { useProfile } from '../../../lib/profile';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useFormatters } from '../../../lib/use-formatters';
import { DeleteAccountSection } from './delete-account-section';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="text-slate-900 sm:col-span-2">{children}</dd>
    </div>
  );
}

/** The signed-in user's details, a way to the password change, and account deletion. */
export function AccountPage() {
  const { t } = useTranslation('account');
  useDocumentTitle(t('page.metaTitle'));
  const { session } = useSession();
  const { data: profile, error, isLoading: loading } = useProfile();
  const format = useFormatters();
  const email = profile?.email ?? session?.email ?? '';
  const name = [profile?.first_name, profile?.last_name].filter(Boolean).join(' ');

  return (
    <CardPage size="lg" title={t('page.title')} intro={<p>{t('page.intro')}</p>}>
      <div className="space-y-8">
        <section aria-labelledby="account-details-title">
          <h2 id="account-details-title" className="text-lg font-semibold">
            {t('page.detailsTitle')}
          </h2>
          {error ? (
            <Alert tone="error" className="mt-3">
              {t('page.loadFailed')}
            </Alert>
          ) : null}
          <dl className="mt-2 divide-y divide-slate-200" aria-busy={loading || undefined}>
            <Detail label={t('page.email')}>{email}</Detail>
            {profile ? (
              <>
                <Detail label={t('page.name')}>{name || t('page.notSet')}</Detail>
                <Detail label={t('page.phone')}>{profile.phone || t('page.notSet')}</Detail>
                {profile.created_at ? (
                  <Detail label={t('page.createdAt')}>{format.date(profile.created_at)}</Detail>
                ) : null}
                <Detail label={t('page.mode')}>
                  <ModeBadge profile={profile} />
                </Detail>
              </>
            ) : null}
          </dl>
        </section>

        <section aria-labelledby="account-security-title">
          <h2 id="account-security-title" className="text-lg font-semibold">
            {t('page.securityTitle')}
          </h2>
          <ButtonLink to={paths.changePassword} variant="secondary" className="mt-3">
            {t('page.changePasswordLink')}
          </ButtonLink>
        </section>

        <DeleteAccountSection accountEmail={email} />
      </div>
    </CardPage>
  );
}
