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
  /** Asks our server to create the plan's order (9.90 EUR, 30 days) and answers its id. */
  createOrder: () => Promise<string>;
  /** Called with the order id once the buyer has approved and the payment is captured. */
  onCaptured: (orderID: string) => Promise<void>;
  onError: (error: unknown) => void;
  /** Changes the button's label (e.g. renewal); default the plan's price. */
  label?: string;
};

/**
 * The plan's checkout: PayPal's buttons in AWS; locally a button that plays the buyer at the
 * payment simulator (approve and capture), since PayPal's SDK cannot be pointed at a local
 * server. Either way the order comes from our server and the server verifies it afterwards.
 */
export function PaymentButtons(props: PaymentButtonsProps) {
  return props.config.provider === 'simulator' ? (
    <SimulatorCheckout {...props} />
  ) : (
    <PayPalCheckout {...props} />
  );
}

function PayPalCheckout({ config, createOrder, onCaptured, onError }: PaymentButtonsProps) {
  return (
    <PayPalScriptProvider
      options={{ clientId: config.clientId, currency: 'EUR', intent: 'capture' }}
    >
      <PayPalButtons
        style={{ layout: 'vertical' }}
        createOrder={() => createOrder()}
        onApprove={async (data, actions) => {
          const captured = await actions.order?.capture();
          await onCaptured(captured?.id ?? data.orderID);
        }}
        onError={onError}
      />
    </PayPalScriptProvider>
  );
}

function SimulatorCheckout({
  config,
  createOrder,
  onCaptured,
  onError,
  label,
}: PaymentButtonsProps) {
  const { t } = useTranslation('connect');
  const [busy, setBusy] = useState(false);

  async function pay() {
    setBusy(true);
    try {
      const id = await createOrder();
      // What the buyer does in PayPal's window: approve, and the order is captured.
      const capture = await fetch(`${config.apiUrl ?? ''}/v2/checkout/orders/${id}/capture`, {
        method: 'POST',
      });
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
      {label ?? t('checkout.pay')}
    </Button>
  );
}
