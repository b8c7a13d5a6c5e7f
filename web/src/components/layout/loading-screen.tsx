import { useTranslation } from 'react-i18next';

type LoadingScreenProps = {
  /** What is being waited for; "Caricamento…" by default. */
  label?: string;
  /** Inside the page shell rather than over the whole viewport. */
  inline?: boolean;
};

/** Full-screen wait while a lazily loaded route or the session resolves. */
export function LoadingScreen({ label, inline = false }: LoadingScreenProps) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      className={`flex items-center justify-center px-4 text-slate-700 ${inline ? 'min-h-[50vh]' : 'min-h-dvh'}`}
    >
      {label ?? t('loading')}
    </div>
  );
}
