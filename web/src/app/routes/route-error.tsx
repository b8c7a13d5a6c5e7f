import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { buttonStyles } from '../../components/ui/button-styles';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../../lib/paths';
import { useRouteFailure } from '../route-tree';

function describe(error: unknown): string {
  if (error instanceof Error) return error.stack ?? error.message;
  return String(error);
}

/**
 * Replaces the whole shell, because the shell itself may be what failed; for the same reason it
 * links home with a plain anchor, which reloads the app from scratch.
 */
export function RouteErrorPage() {
  const error = useRouteFailure();
  const { t } = useTranslation('errors');
  useDocumentTitle(t('routeError.metaTitle'));

  return (
    <main className="mx-auto flex min-h-dvh max-w-2xl flex-col justify-center px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">{t('routeError.title')}</h1>
      <p className="mt-4 text-lg text-slate-700">{t('routeError.text')}</p>
      <div className="mt-8 flex flex-wrap gap-3">
        <Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>
        <a href={paths.home} className={buttonStyles({ variant: 'secondary' })}>
          {t('routeError.home')}
        </a>
      </div>
      {import.meta.env.DEV ? (
        <details className="mt-8 text-sm text-slate-700">
          <summary className="cursor-pointer font-medium">{t('routeError.details')}</summary>
          <pre className="mt-2 overflow-x-auto rounded-lg bg-slate-100 p-4 whitespace-pre-wrap">
            {describe(error)}
          </pre>
        </details>
      ) : null}
    </main>
  );
}
