import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { notify } from '../../../lib/toast';
import { useCooldown } from '../../../lib/use-cooldown';
import { describeSendError, isTooManyRequests } from '../api/send-error';

export const RESEND_COOLDOWN_SECONDS = 60;

type ResendControlProps = {
  send: () => Promise<void>;
  /** Seconds before the first resend; the email usually went out a moment ago. */
  initialCooldown?: number;
};

/** "Send the email again", locked for 60 s after each send (spec 4.8 and 8). */
export function ResendControl({
  send,
  initialCooldown = RESEND_COOLDOWN_SECONDS,
}: ResendControlProps) {
  const { t } = useTranslation('auth');
  const { remaining, start } = useCooldown(initialCooldown);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onResend() {
    setBusy(true);
    setError(null);
    try {
      await send();
      notify.success({ title: t('resend.sent') });
      start(RESEND_COOLDOWN_SECONDS);
    } catch (failure) {
      setError(describeSendError(failure, t));
      if (isTooManyRequests(failure)) start(RESEND_COOLDOWN_SECONDS);
    } finally {
      setBusy(false);
    }
  }

  const waiting = remaining > 0;
  return (
    <div className="space-y-3">
      <Button
        variant="secondary"
        onClick={() => void onResend()}
        disabled={busy || waiting}
        aria-busy={busy || undefined}
        className="w-full"
      >
        {busy ? t('resend.busy') : t('resend.action')}
      </Button>
      {waiting ? (
        <p className="text-center text-sm text-slate-600">
          {t('resend.wait', { seconds: remaining })}
        </p>
      ) : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
    </div>
  );
}
