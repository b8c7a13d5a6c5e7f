import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CardPage } from '../../../components/layout/card-page';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { apiRequest, isApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import type { UnsubscribeRequest } from '@domain/account/contract';

type State =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'done' }
  | { kind: 'invalid' }
  | { kind: 'error' };

/**
 * The opt-out from product emails. It works only from the link of one of our emails: the link
 * names the address and carries its token, which the server checks; without both the page says
 * where to find the link. It says plainly what still arrives (service messages).
 */
export function UnsubscribePage() {
  const { t } = useTranslation('legal');
  useDocumentTitle(t('unsubscribe.metaTitle'));
  const [link] = useState(() => {
    const params = new URLSearchParams(window.location.search);
    return { email: params.get('email')?.trim() ?? '', token: params.get('token') ?? '' };
  });
  const [state, setState] = useState<State>({ kind: 'idle' });
  const complete = link.email !== '' && link.token !== '';

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setState({ kind: 'sending' });
    try {
      const body: UnsubscribeRequest = { email: link.email, token: link.token };
      await apiRequest('/unsubscribe', { method: 'POST', body });
      setState({ kind: 'done' });
    } catch (error) {
      setState({ kind: isApiError(error, 403) || isApiError(error, 400) ? 'invalid' : 'error' });
    }
  }

  return (
    <CardPage title={t('unsubscribe.title')} intro={t('unsubscribe.intro')}>
      <div className="space-y-4">
        <Alert tone="info" title={t('unsubscribe.serviceTitle')}>
          {t('unsubscribe.serviceMessages')}
        </Alert>
        {complete ? (
          <form onSubmit={onSubmit} className="space-y-4">
            <p className="text-sm text-slate-700">
              {t('unsubscribe.address')} <strong className="break-all">{link.email}</strong>
            </p>
            <Button type="submit" disabled={state.kind === 'sending' || state.kind === 'done'}>
              {state.kind === 'sending' ? t('unsubscribe.sending') : t('unsubscribe.submit')}
            </Button>
          </form>
        ) : (
          <Alert tone="info">{t('unsubscribe.needsLink')}</Alert>
        )}
        {state.kind === 'done' ? (
          <Alert tone="success">{t('unsubscribe.done', { email: link.email })}</Alert>
        ) : null}
        {state.kind === 'invalid' ? (
          <Alert tone="error">{t('unsubscribe.invalidLink')}</Alert>
        ) : null}
        {state.kind === 'error' ? <Alert tone="error">{t('unsubscribe.error')}</Alert> : null}
      </div>
    </CardPage>
  );
}
