import { PayPalButtons, PayPalScriptProvider } from '@paypal/react-paypal-js';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

export type PaymentConfig = {
  provider: 'paypal' | 'simulator';
  clientId: string;
  apiUrl?: string | undefined;
};

export type PaymentButtonsProps = {
  config: PaymentConfig;
  /** The order: 9.90 EUR described as the 30-day plan (spec 7). */
  amount: string;
  currency: string;
  description: string;
  /** Called with the provider's order id once the payment is captured. */
  onCaptured: (orderID: string) => Promise<void>;
  onError: (error: unknown) => void;
};

/**
 * The plan's checkout: PayPal's buttons in AWS; locally a button that drives the payment
 * simulator's order API the same way (create, then capture on approval), since PayPal's SDK
 * cannot be pointed at a local server. Either way the server verifies the order afterwards.
 */
export function PaymentButtons(props: PaymentButtonsProps) {
  return props.config.provider === 'simulator' ? (
    <SimulatorCheckout {...props} />
  ) : (
    <PayPalCheckout {...props} />
  );
}

function PayPalCheckout({
  config,
  amount,
  currency,
  description,
  onCaptured,
  onError,
}: PaymentButtonsProps) {
  return (
    <PayPalScriptProvider options={{ clientId: config.clientId, currency, intent: 'capture' }}>
      <PayPalButtons
        style={{ layout: 'vertical' }}
        createOrder={(_data, actions) =>
          actions.order.create({
            intent: 'CAPTURE',
            purchase_units: [{ amount: { currency_code: currency, value: amount }, description }],
          })
        }
        onApprove={async (_data, actions) => {
          const captured = await actions.order?.capture();
          if (captured?.id) await onCaptured(captured.id);
        }}
        onError={onError}
      />
    </PayPalScriptProvider>
  );
}

function SimulatorCheckout({
  config,
  amount,
  currency,
  description,
  onCaptured,
  onError,
}: PaymentButtonsProps) {
  const { t } = useTranslation('connect');
  const [busy, setBusy] = useState(false);

  async function pay() {
    setBusy(true);
    try {
      const base = config.apiUrl ?? '';
      const created = await fetch(`${base}/v2/checkout/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          intent: 'CAPTURE',
          purchase_units: [{ amount: { currency_code: currency, value: amount }, description }],
        }),
      });
      if (!created.ok) throw new Error(`create order: ${created.status}`);
      const { id } = (await created.json()) as { id: string };
      const capture = await fetch(`${base}/v2/checkout/orders/${id}/capture`, { method: 'POST' });
      if (!capture.ok) throw new Error(`capture order: ${capture.status}`);
      await onCaptured(id);
    } catch (error) {
      onError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button onClick={() => void pay()} disabled={busy}>
      {t('checkout.pay')}
    </Button>
  );
}
