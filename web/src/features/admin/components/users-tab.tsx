import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { formatDate, formatNumber } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { useAdminUsers, type AdminUserRow } from '../api/admin-api';
import { UserDetailsDialog } from './user-details-dialog';

/** The spec's "shortened id": enough to tell users apart, the full id in the title. */
export function shortId(id: string): string {
  return id.length > 8 ? `${id.slice(0, 8)}…` : id;
}

export function UsersTab() {
  const { t } = useTranslation('admin');
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<AdminUserRow | null>(null);
  const list = useAdminUsers(query, {
    onError: (error: unknown) => notify.error({ title: t('users.loadFailed'), error }),
  });
  const items = list.pages.flatMap((page) => page.items);
  const total = list.pages.at(-1)?.total ?? null;
  const loading = list.loadingMore;
  const failed = list.error !== undefined;

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setQuery(draft.trim());
  };

  return (
    <div>
      <form role="search" onSubmit={onSearch} className="flex flex-wrap items-end gap-3">
        <TextField
          className="min-w-64 flex-1"
          label={t('users.searchLabel')}
          hint={t('users.searchHint')}
          type="search"
          name="q"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
        <Button type="submit">{t('users.search')}</Button>
        {query ? (
          <Button
            variant="secondary"
            onClick={() => {
              setDraft('');
              setQuery('');
            }}
          >
            {t('users.clear')}
          </Button>
        ) : null}
      </form>

      <p className="mt-4 text-sm text-slate-700" aria-live="polite" data-testid="admin-total">
        {total === null
          ? null
          : t('users.total', { count: total, formatted: formatNumber(total, 'it') })}
        {query && !loading ? ` · ${t('users.shown', { count: items.length, query })}` : null}
      </p>

      {failed ? (
        <Alert tone="error" className="mt-4">
          {t('users.loadFailed')}
        </Alert>
      ) : null}

      <div className="mt-4 overflow-x-auto">
        <table className="w-full min-w-[48rem] text-left text-sm" aria-busy={loading}>
          <caption className="sr-only">{t('users.caption')}</caption>
          <thead className="border-b border-slate-300 text-slate-700">
            <tr>
              <th scope="col" className="py-2 pr-3">
                {t('users.columns.name')}
              </th>
              <th scope="col" className="py-2 pr-3">
                {t('users.columns.id')}
              </th>
              <th scope="col" className="py-2 pr-3">
                {t('users.columns.email')}
              </th>
              <th scope="col" className="py-2 pr-3">
                {t('users.columns.phone')}
              </th>
              <th scope="col" className="py-2 pr-3">
                {t('users.columns.createdAt')}
              </th>
              <th scope="col" className="py-2">
                <span className="sr-only">{t('users.columns.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {items.map((user) => (
              <tr key={user.id}>
                <td className="py-2 pr-3 font-medium text-slate-900">{user.name || '—'}</td>
                <td className="py-2 pr-3 font-mono text-xs text-slate-700">
                  <span title={user.id}>{shortId(user.id)}</span>
                </td>
                <td className="py-2 pr-3">{user.email}</td>
                <td className="py-2 pr-3">{user.phone || '—'}</td>
                <td className="py-2 pr-3">
                  {user.created_at ? formatDate(user.created_at, 'it') : '—'}
                </td>
                <td className="py-2 text-right">
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => setSelected(user)}
                    aria-label={t('users.detailsFor', { name: user.name || user.email })}
                  >
                    {t('users.details')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {loading ? (
        <p className="mt-4 text-sm text-slate-700" role="status">
          {t('users.loading')}
        </p>
      ) : items.length === 0 && !failed ? (
        <p className="mt-4 text-sm text-slate-700">
          {list.hasMore ? t('users.noneYet') : t('users.none')}
        </p>
      ) : null}

      {list.hasMore && !loading ? (
        <Button variant="secondary" className="mt-4" onClick={() => void list.loadMore()}>
          {query ? t('users.searchMore') : t('users.more')}
        </Button>
      ) : null}

      <UserDetailsDialog user={selected} onClose={() => setSelected(null)} />
    </div>
  );
}
