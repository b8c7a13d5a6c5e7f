import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { Button } from '../ui/button';
import { CheckboxField } from '../ui/checkbox-field';
import { Dialog } from '../ui/dialog';

/**
 * Spec 2.4: before real data, the user confirms they will be sent to Amazon's seller portal.
 * "Procedi con collegamento" waits for "Ho capito"; closing or cancelling resets the tick.
 */
export function ConnectDialog({
  open,
  onClose,
  target = paths.connectAmazon,
}: {
  open: boolean;
  onClose: () => void;
  /** Where "Procedi" leads: the wizard, or the login page first for a visitor. */
  target?: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [understood, setUnderstood] = useState(false);
  const close = () => {
    setUnderstood(false);
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      title={t('connection.dialog.title')}
      description={t('connection.dialog.description')}
    >
      <CheckboxField
        label={t('connection.dialog.understood')}
        checked={understood}
        onChange={(event) => setUnderstood(event.target.checked)}
      />
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={close}>
          {t('connection.dialog.cancel')}
        </Button>
        <Button
          disabled={!understood}
          onClick={() => {
            setUnderstood(false);
            onClose();
            void navigate(target);
          }}
        >
          {t('connection.dialog.proceed')}
        </Button>
      </div>
    </Dialog>
  );
}

/**
 * Spec 2.4 banners: the amber demo banner ("Passa al reale") in demo mode, otherwise a banner
 * while no marketplace is connected; both lead through the confirmation dialog.
 */
export function ConnectBanner({ demo, connected }: { demo: boolean; connected: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!demo && connected) return null;
  return (
    <div
      className={`flex flex-wrap items-center justify-between gap-3 rounded-xl border px-4 py-3 ${
        demo ? 'border-amber-300 bg-amber-50 text-amber-950' : 'border-slate-300 bg-slate-50'
      }`}
    >
      <p className="font-semibold">
        {demo ? t('connection.demoBanner.text') : t('connection.banner.text')}
      </p>
      <Button size="sm" onClick={() => setOpen(true)}>
        {demo ? t('connection.demoBanner.cta') : t('connection.banner.cta')}
      </Button>
      <ConnectDialog open={open} onClose={() => setOpen(false)} />
    </div>
  );
}
