import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FieldError, fieldBorder, inputClass, TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { sendSupportRequest } from '../api/send-support-request';

type Field = 'name' | 'email' | 'subject' | 'message';

type SupportFormProps = {
  /** Data deletion has a fixed subject and an optional description instead of a message. */
  variant: 'contact' | 'deletion';
  submitLabel: string;
  sentTitle: string;
  sentText: (email: string) => string;
  errorTitle: string;
  fixedSubject?: string;
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const empty: Record<Field, string> = { name: '', email: '', subject: '', message: '' };

/** The help-center and data-deletion form: both end in `send-support-request`. */
export function SupportForm({
  variant,
  submitLabel,
  sentTitle,
  sentText,
  errorTitle,
  fixedSubject,
}: SupportFormProps) {
  const { t } = useTranslation('help');
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [sending, setSending] = useState(false);
  const messageId = useId();
  const hintId = `${messageId}-hint`;
  const errorId = `${messageId}-error`;
  const isDeletion = variant === 'deletion';

  function validate(): Partial<Record<Field, string>> {
    const found: Partial<Record<Field, string>> = {};
    if (!values.name.trim()) found.name = t('form.required');
    if (!EMAIL.test(values.email.trim())) found.email = t('form.invalidEmail');
    if (!isDeletion && !values.subject.trim()) found.subject = t('form.required');
    if (!isDeletion && !values.message.trim()) found.message = t('form.required');
    return found;
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const first = event.currentTarget.querySelector<HTMLElement>('[aria-invalid="true"]');
      first?.focus();
      return;
    }
    setSending(true);
    const email = values.email.trim();
    try {
      await sendSupportRequest({
        name: values.name.trim(),
        email,
        subject: fixedSubject ?? values.subject.trim(),
        ...(isDeletion
          ? { kind: 'deletion' as const, description: values.message.trim() || undefined }
          : { message: values.message.trim() }),
      });
      setValues(empty);
      notify.success({ title: sentTitle, description: sentText(email) });
    } catch (error) {
      // Too many requests: the server's message (already in the user's language) says why.
      const busy = error instanceof ApiError && error.status === 429;
      notify.error({ title: errorTitle, ...(busy ? { description: error.message } : {}) });
    } finally {
      setSending(false);
    }
  }

  const set = (field: Field) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));
  const messageInvalid = Boolean(errors.message);

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <TextField
        label={t('form.name')}
        name="name"
        autoComplete="name"
        value={values.name}
        onChange={set('name')}
        error={errors.name}
        required
      />
      <TextField
        label={isDeletion ? t('dataDeletion.accountEmail') : t('form.email')}
        name="email"
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={set('email')}
        error={errors.email}
        required
      />
      {isDeletion ? null : (
        <TextField
          label={t('form.subject')}
          name="subject"
          value={values.subject}
          onChange={set('subject')}
          error={errors.subject}
          required
        />
      )}
      <div>
        <label htmlFor={messageId} className="block text-sm font-medium text-slate-900">
          {isDeletion ? t('dataDeletion.description') : t('form.message')}
        </label>
        <textarea
          id={messageId}
          name="message"
          rows={5}
          value={values.message}
          onChange={set('message')}
          required={!isDeletion}
          aria-invalid={messageInvalid ? true : undefined}
          aria-describedby={
            [isDeletion ? hintId : null, messageInvalid ? errorId : null]
              .filter(Boolean)
              .join(' ') || undefined
          }
          className={`mt-1 w-full ${inputClass} ${fieldBorder(messageInvalid)}`}
        />
        {isDeletion ? (
          <p id={hintId} className="mt-1 text-sm text-slate-600">
            {t('dataDeletion.descriptionHint')}
          </p>
        ) : null}
        {errors.message ? <FieldError id={errorId}>{errors.message}</FieldError> : null}
      </div>
      <Button type="submit" disabled={sending}>
        {sending ? t('form.sending') : submitLabel}
      </Button>
    </form>
  );
}
