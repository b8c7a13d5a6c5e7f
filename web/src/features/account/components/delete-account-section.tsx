import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { signOutState } from '../../../lib/auth/sign-out-on-arrival';
import { useSiteContacts } from '../../../lib/site';
import { deleteAccount } from '../api/delete-account';

type EmailError = 'delete.emailRequired' | 'delete.emailMismatch';

/** The "delete account" block and its confirmation, which asks for the account's email. */
export function DeleteAccountSection({ accountEmail }: { accountEmail: string }) {
  const { t } = useTranslation('account');
  const [open, setOpen] = useState(false);

  return (
    <section
      aria-labelledby="delete-account-title"
      className="rounded-xl border border-red-200 p-5"
    >
      <h2 id="delete-account-title" className="text-lg font-semibold text-red-800">
        {t('delete.title')}
      </h2>
      <p className="mt-2 text-sm text-slate-700">{t('delete.text')}</p>
      <Button className="mt-4" variant="danger" onClick={() => setOpen(true)}>
        {t('delete.open')}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={t('delete.dialogTitle')}
        description={t('delete.dialogText')}
      >
        <DeleteAccountForm accountEmail={accountEmail} onCancel={() => setOpen(false)} />
      </Dialog>
    </section>
  );
}

function DeleteAccountForm({
  accountEmail,
  onCancel,
}: {
  accountEmail: string;
  onCancel: () => void;
}) {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  // Loaded with the API's config long before a deletion can fail.
  const contacts = useSiteContacts();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<EmailError | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setFailed(false);
    const typed = email.trim();
    const found: EmailError | null = !typed
      ? 'delete.emailRequired'
      : typed.toLowerCase() !== accountEmail.toLowerCase()
        ? 'delete.emailMismatch'
        : null;
    setEmailError(found);
    if (found) return;

    setBusy(true);
    try {
      await deleteAccount(typed);
    } catch (error) {
      console.error('Account deletion failed', error);
      setBusy(false);
      setFailed(true);
      return;
    }
    // Every session has ended and the deletion runs in the background: the local tokens are
    // cleared once the public page is shown, so this tab never shows an empty dashboard.
    void navigate(`${paths.accountDeleted}?${new URLSearchParams({ email: typed }).toString()}`, {
      replace: true,
      state: signOutState,
    });
  }

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5">
      {failed ? (
        <Alert tone="error">{t('delete.failed', { email: contacts?.supportEmail ?? '' })}</Alert>
      ) : null}
      <TextField
        label={t('delete.emailLabel')}
        name="confirm-email"
        type="email"
        autoComplete="off"
        autoFocus
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          setEmailError(null);
        }}
        error={emailError ? t(emailError) : undefined}
        required
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {t('delete.cancel')}
        </Button>
        <Button type="submit" variant="danger" disabled={busy} aria-busy={busy || undefined}>
          {busy ? t('delete.deleting') : t('delete.confirm')}
        </Button>
      </div>
    </form>
  );
}
