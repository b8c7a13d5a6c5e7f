import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsAdmin } from '../../../lib/auth/admin';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { SupportTab } from './support-tab';
import { UsersTab } from './users-tab';

const TABS = ['users', 'support'] as const;
type Tab = (typeof TABS)[number];

/**
 * `/admin` (spec 6): blank for anyone the server does not confirm as an admin (admin-me; a
 * failed check counts as "not admin"). The server refuses every admin route on its own too.
 */
export function AdminPage() {
  const isAdmin = useIsAdmin();
  if (!isAdmin) return null;
  return <AdminPanel />;
}

function AdminPanel() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('page.metaTitle'));
  const [tab, setTab] = useState<Tab>('users');
  const id = useId();

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const next =
      TABS[
        (TABS.indexOf(tab) + (event.key === 'ArrowRight' ? 1 : -1) + TABS.length) % TABS.length
      ]!;
    setTab(next);
    document.getElementById(`${id}-tab-${next}`)?.focus();
  };

  return (
    <section aria-labelledby={`${id}-title`} className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <h1 id={`${id}-title`} className="text-2xl font-bold tracking-tight text-slate-900">
        {t('page.title')}
      </h1>
      <div
        role="tablist"
        aria-label={t('page.tabsLabel')}
        className="mt-6 flex gap-2 border-b border-slate-200"
      >
        {TABS.map((name) => (
          <button
            key={name}
            id={`${id}-tab-${name}`}
            type="button"
            role="tab"
            aria-selected={tab === name}
            aria-controls={`${id}-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => setTab(name)}
            onKeyDown={onKeyDown}
            className={`-mb-px border-b-2 px-4 py-2 text-sm font-semibold ${
              tab === name
                ? 'border-brand-700 text-brand-900'
                : 'border-transparent text-slate-700 hover:text-slate-900'
            }`}
          >
            {t(`tabs.${name}`)}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${id}-panel-${tab}`}
        aria-labelledby={`${id}-tab-${tab}`}
        tabIndex={0}
        className="pt-6 outline-none"
      >
        {tab === 'users' ? <UsersTab /> : <SupportTab />}
      </div>
    </section>
  );
}
