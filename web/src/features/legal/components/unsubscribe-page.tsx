import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CardPage } from '../../../components/layout/card-page';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { apiRequest } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import type { UnsubscribeRequest } from '@domain/account/contract';

type State =
  { kind: 'idle' } | { kind: 'sending' } | { kind: 'done'; email: string } | { kind: 'error' };

export function UnsubscribePage() {
  const { t } = useTranslation('legal');
  useDocumentTitle(t('unsubscribe.metaTitle'));
  const [email, setEmail] = useState(
    () => new URLSearchParams(window.location.search).get('email') ?? '',
  );
  const [state, setState] = useState<State>({ kind: 'idle' });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    setState({ kind: 'sending' });
    try {
      const body: UnsubscribeRequest = { email: address };
      await apiRequest('/unsubscribe', { method: 'POST', body });
      setState({ kind: 'done', email: address });
    } catch {
      setState({ kind: 'error' });
    }
  }

  return (
    <CardPage title={t('unsubscribe.title')} intro={t('unsubscribe.intro')}>
      <form onSubmit={onSubmit} className="space-y-4">
        <TextField
          label={t('unsubscribe.email')}
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" disabled={state.kind === 'sending'}>
          {state.kind === 'sending' ? t('unsubscribe.sending') : t('unsubscribe.submit')}
        </Button>
        {state.kind === 'done' ? (
          <Alert tone="success">{t('unsubscribe.done', { email: state.email })}</Alert>
        ) : null}
        {state.kind === 'error' ? <Alert tone="error">{t('unsubscribe.error')}</Alert> : null}
      </form>
    </CardPage>
  );
}
