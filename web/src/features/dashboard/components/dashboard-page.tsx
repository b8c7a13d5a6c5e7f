import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { ModeBadge } from '../../../components/layout/mode-badge';
import { ButtonLink } from '../../../components/ui/button';
import { useSession } from '../../../lib/auth/use-session';
import { useProfile } from '../../../lib/profile';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ConnectionPanel } from '../../../components/connection/connection-panel';

/**
 * The first screen after sign-in. For now the greeting of spec 2.6 (the part of the email
 * before the at-sign) and the mode; the reimbursement dashboard grows here.
 */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  useDocumentTitle(t('metaTitle'));
  const { session } = useSession();
  const { data: profile } = useProfile();
  const name = (session?.email ?? '').split('@')[0];

  return (
    <section aria-labelledby="dashboard-title" className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 id="dashboard-title" className="text-3xl font-bold tracking-tight">
          {t('greeting', { name })}
        </h1>
        {profile ? <ModeBadge profile={profile} /> : null}
      </div>
      <p className="mt-3 max-w-2xl text-lg text-slate-700">{t('intro')}</p>
      <ConnectionPanel />
      <div className="mt-8 flex flex-wrap gap-3">
        <ButtonLink to={paths.connectAmazon}>{t('connectCta')}</ButtonLink>
        <ButtonLink to={paths.feedback} variant="secondary">
          {t('feedbackCta')}
        </ButtonLink>
      </div>
    </section>
  );
}
