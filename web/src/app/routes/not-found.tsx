import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ui/button';
import { useSiteContacts } from '../../lib/site';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../../lib/paths';

export function NotFoundRoute() {
  const { t } = useTranslation('errors');
  useDocumentTitle(t('notFound.metaTitle'));
  const contacts = useSiteContacts();

  return (
    <section
      aria-labelledby="not-found-title"
      className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center sm:px-6"
    >
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
        {t('notFound.code')}
      </p>
      <h1 id="not-found-title" className="mt-2 text-4xl font-bold tracking-tight">
        {t('notFound.title')}
      </h1>
      <p className="mt-4 text-lg text-slate-700">{t('notFound.text')}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to={paths.home}>{t('notFound.home')}</ButtonLink>
        <ButtonLink to={paths.dashboard} variant="secondary">
          {t('notFound.dashboard')}
        </ButtonLink>
        <ButtonLink to={paths.helpCenter} variant="secondary">
          {t('notFound.helpCenter')}
        </ButtonLink>
      </div>
      {contacts ? (
        <p className="mt-8 text-slate-700">
          {t('notFound.contactPrompt')}{' '}
          <a
            href={`mailto:${contacts.supportEmail}`}
            className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900"
          >
            {t('notFound.contactLink', { email: contacts.supportEmail })}
          </a>
        </p>
      ) : null}
    </section>
  );
}
