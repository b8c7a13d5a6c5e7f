import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { resolveSupportMessage, useSupportMessages } from '../api/admin-api';

/** The support requests really sent from the help and data-deletion forms, newest first. */
export function SupportTab() {
  const { t } = useTranslation('admin');
  const list = useSupportMessages({
    onError: (error: unknown) => notify.error({ title: t('support.loadFailed'), error }),
  });
  const items = list.pages.flatMap((page) => page.items);
  const loading = list.loadingMore;
  const failed = list.error !== undefined;
  const [resolving, setResolving] = useState<string | null>(null);

  const resolve = async (id: string) => {
    setResolving(id);
    try {
      const { resolved_at } = await resolveSupportMessage(id);
      // Shown resolved at once; the pages already read stay as they are (no re-read).
      await list.mutate(
        (pages) =>
          pages?.map((page) => ({
            ...page,
            items: page.items.map((m) => (m.id === id ? { ...m, resolved: true, resolved_at } : m)),
          })),
        { revalidate: false },
      );
      notify.success({ title: t('support.resolvedToast') });
    } catch (error) {
      notify.error({ title: t('support.resolveFailed'), error });
    } finally {
      setResolving(null);
    }
  };

  return (
    <div>
      {failed ? <Alert tone="error">{t('support.loadFailed')}</Alert> : null}
      {!loading && !failed && items.length === 0 ? (
        <p className="text-sm text-slate-700">{t('support.empty')}</p>
      ) : null}
      <ul className="space-y-4" aria-busy={loading} aria-label={t('support.listLabel')}>
        {items.map((m) => (
          <li
            key={m.id}
            className="rounded-xl border border-slate-200 bg-white p-4"
            data-testid="support-message"
          >
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div>
                <h2 className="font-semibold text-slate-900">{m.subject}</h2>
                <p className="text-sm text-slate-700">
                  {m.name} · {m.email} ·{' '}
                  <time dateTime={m.created_at}>{formatDateTime(m.created_at, 'it')}</time>
                </p>
              </div>
              {m.resolved ? (
                <Badge tone="brand">{t('support.resolved')}</Badge>
              ) : (
                <Badge tone="amber">{t('support.open')}</Badge>
              )}
            </div>
            <p className="mt-3 whitespace-pre-wrap text-sm text-slate-900">{m.message}</p>
            {m.resolved ? (
              m.resolved_at ? (
                <p className="mt-3 text-xs text-slate-600">
                  {t('support.resolvedAt', { date: formatDateTime(m.resolved_at, 'it') })}
                </p>
              ) : null
            ) : (
              <Button
                size="sm"
                className="mt-3"
                disabled={resolving === m.id}
                onClick={() => void resolve(m.id)}
              >
                {t('support.markResolved')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {loading ? (
        <p role="status" className="mt-4 text-sm text-slate-700">
          {t('support.loading')}
        </p>
      ) : null}
      {list.hasMore && !loading ? (
        <Button variant="secondary" className="mt-4" onClick={() => void list.loadMore()}>
          {t('support.more')}
        </Button>
      ) : null}
    </div>
  );
}
