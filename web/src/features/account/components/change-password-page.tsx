import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { paths } from '../../../lib/paths';
import { CardPage } from '../../../components/layout/card-page';
import { Button, ButtonLink } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { changePassword } from '../../../lib/auth/cognito';
import { authErrorMessage, authErrorName } from '../../../lib/auth/errors';
import { PASSWORD_MIN_LENGTH, useFieldForm } from '../../../lib/forms';
import { notify } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { reportPasswordChanged } from '../api/password-changed';

type Field = 'current' | 'next' | 'confirm';
type Message =
  | 'changePassword.validation.currentRequired'
  | 'changePassword.validation.newRequired'
  | 'changePassword.validation.newTooShort'
  | 'changePassword.validation.confirmRequired'
  | 'changePassword.validation.mismatch'
  | 'changePassword.errors.currentWrong';

const schema = z
  .object({
    current: z.string().min(1, 'changePassword.validation.currentRequired'),
    next: z
      .string()
      .min(1, 'changePassword.validation.newRequired')
      .min(PASSWORD_MIN_LENGTH, 'changePassword.validation.newTooShort'),
    confirm: z.string().min(1, 'changePassword.validation.confirmRequired'),
  })
  .refine((values) => !values.confirm || values.next === values.confirm, {
    message: 'changePassword.validation.mismatch',
    path: ['confirm'],
  });

/**
 * Cognito refuses a wrong current password with NotAuthorizedException, cognito-local with
 * InvalidPasswordException, which in Cognito means a new password against the policy instead.
 */
function isWrongCurrentPassword(error: unknown): boolean {
  const name = authErrorName(error);
  if (name === 'NotAuthorizedException') return true;
  return (
    name === 'InvalidPasswordException' && !/conform|policy/i.test(authErrorMessage(error) ?? '')
  );
}

const NO_USER_ERRORS = new Set(['UserUnAuthenticatedException', 'UserNotFoundException']);

export function ChangePasswordPage() {
  const { t } = useTranslation('account');
  useDocumentTitle(t('changePassword.metaTitle'));
  const navigate = useNavigate();
  const { formRef, values, errors, update, invalid, reject } = useFieldForm<
    Record<Field, string>,
    Message
  >({ current: '', next: '', confirm: '' });
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || invalid(schema)) return;
    setBusy(true);
    try {
      await changePassword({ oldPassword: values.current, newPassword: values.next });
      await reportPasswordChanged();
      notify.success({ title: t('changePassword.toast.success') });
      navigate(paths.dashboard);
    } catch (error) {
      setBusy(false);
      if (isWrongCurrentPassword(error)) {
        reject('current', 'changePassword.errors.currentWrong');
        return;
      }
      const description = NO_USER_ERRORS.has(authErrorName(error) ?? '')
        ? t('changePassword.errors.noUser')
        : (authErrorMessage(error) ?? t('changePassword.toast.unexpected'));
      notify.error({ title: t('changePassword.toast.errorTitle'), description });
    }
  }

  const error = (field: Field) => (errors[field] ? t(errors[field]) : undefined);

  return (
    <CardPage title={t('changePassword.title')} intro={<p>{t('changePassword.intro')}</p>}>
      <form
        ref={formRef}
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="space-y-5"
      >
        <TextField
          label={t('changePassword.current')}
          name="current-password"
          type="password"
          autoComplete="current-password"
          value={values.current}
          onChange={(event) => update('current', event.target.value)}
          error={error('current')}
          required
        />
        <TextField
          label={t('changePassword.new')}
          name="new-password"
          type="password"
          autoComplete="new-password"
          placeholder={t('changePassword.newPlaceholder')}
          value={values.next}
          onChange={(event) => update('next', event.target.value)}
          error={error('next')}
          required
        />
        <TextField
          label={t('changePassword.confirm')}
          name="confirm-password"
          type="password"
          autoComplete="new-password"
          value={values.confirm}
          onChange={(event) => update('confirm', event.target.value)}
          error={error('confirm')}
          required
        />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
          <ButtonLink to={paths.dashboard} variant="secondary">
            {t('changePassword.back')}
          </ButtonLink>
          <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
            {busy ? t('changePassword.submitting') : t('changePassword.submit')}
          </Button>
        </div>
      </form>
    </CardPage>
  );
}
