import { useTranslation } from 'react-i18next';

/** Full-screen wait while a lazily loaded route or the session resolves. */
export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex min-h-dvh items-center justify-center text-slate-700">
      {t('loading')}
    </div>
  );
}
