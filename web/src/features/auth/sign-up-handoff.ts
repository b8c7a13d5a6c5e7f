import { signInWithPassword } from '../../lib/auth/cognito';

/**
 * Spec 7.1: a seller who confirms the email in the browser they registered in is signed in
 * and lands on /dashboard. The confirmation link opens a new tab; the registering tab, still
 * on its "check your email" screen, holds the password in memory only. The confirming tab
 * tells it over a same-origin BroadcastChannel, the registering tab signs in (the tokens land
 * in this browser's storage, shared by both tabs) and answers. The password never leaves the
 * tab that was given it; without that tab (closed, another browser) nothing happens and the
 * confirmation page offers the sign-in as before.
 */
const CHANNEL = 'rimborsifba.sign-up';

type HandoffMessage = {
  type: 'confirmed' | 'signing-in' | 'signed-in' | 'failed';
  email: string;
};

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function isMessage(data: unknown): data is HandoffMessage {
  return !!data && typeof data === 'object' && typeof (data as HandoffMessage).email === 'string';
}

/** The registering tab: waits for the confirmation of `email`, then signs in once. */
export function awaitConfirmation(
  email: string,
  password: string,
  onSignedIn: () => void,
): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(CHANNEL);
  let started = false;
  channel.onmessage = (event: MessageEvent<unknown>) => {
    const data = event.data;
    if (started || !isMessage(data) || data.type !== 'confirmed') return;
    if (!sameEmail(data.email, email)) return;
    started = true;
    channel.postMessage({ type: 'signing-in', email } satisfies HandoffMessage);
    signInWithPassword({ email, password, remember: true }).then(
      (result) => {
        const type = result === 'signedIn' ? 'signed-in' : 'failed';
        channel.postMessage({ type, email } satisfies HandoffMessage);
        channel.close();
        if (type === 'signed-in') onSignedIn();
      },
      () => {
        channel.postMessage({ type: 'failed', email } satisfies HandoffMessage);
        channel.close();
      },
    );
  };
  return () => {
    if (!started) channel.close();
  };
}

/** How long the confirming tab waits for a registering tab to answer at all. */
const ANSWER_MS = 700;
/** How long a sign-in that has started may take. */
const SIGN_IN_MS = 15_000;

/**
 * The confirming tab: true once the tab that registered `email` has signed in, false when no
 * such tab answers (or its sign-in fails).
 */
export function handOffConfirmation(email: string): Promise<boolean> {
  if (typeof BroadcastChannel === 'undefined') return Promise.resolve(false);
  const channel = new BroadcastChannel(CHANNEL);
  return new Promise<boolean>((resolve) => {
    const finish = (signedIn: boolean) => {
      clearTimeout(timer);
      channel.close();
      resolve(signedIn);
    };
    let timer = setTimeout(() => finish(false), ANSWER_MS);
    channel.onmessage = (event: MessageEvent<unknown>) => {
      const data = event.data;
      if (!isMessage(data) || !sameEmail(data.email, email)) return;
      if (data.type === 'signing-in') {
        clearTimeout(timer);
        timer = setTimeout(() => finish(false), SIGN_IN_MS);
      } else if (data.type === 'signed-in') {
        finish(true);
      } else if (data.type === 'failed') {
        finish(false);
      }
    };
    channel.postMessage({ type: 'confirmed', email } satisfies HandoffMessage);
  });
}
