import * as z from 'zod';
import { APP_URL } from '../adapters/app-url';
import { findUser } from '../adapters/cognito';
import { claimPasswordNotice } from '../adapters/dynamo/password-notices';
import { sendMail } from '../adapters/mail';
import type { Language } from '../domain/language';
import { notifyPasswordChanged } from '../domain/account/password-changed';
import { loadConfig } from '../shared/config';

const { SUPPORT_INBOX } = loadConfig(z.object({ SUPPORT_INBOX: z.email() }));

/** The password-changed email, wired to the user pool, the table and the mailer. */
export function tellPasswordChanged(
  userId: string,
  { language, reporter }: { language?: Language; reporter: 'reset' | 'page' },
): Promise<boolean> {
  return notifyPasswordChanged(
    { userId, language, reporter },
    {
      now: Date.now(),
      appUrl: APP_URL,
      supportEmail: SUPPORT_INBOX,
      findUser,
      claimNotice: claimPasswordNotice,
      sendMail: async (message) => {
        await sendMail(message);
      },
    },
  );
}
