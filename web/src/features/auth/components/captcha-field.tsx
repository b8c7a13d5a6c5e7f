import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FieldError, fieldBorder, inputClass } from '../../../components/ui/text-field';
import type { Captcha } from '../api/get-captcha';

export type CaptchaState =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; captcha: Captcha };

type CaptchaFieldProps = {
  state: CaptchaState;
  answer: string;
  onAnswerChange: (value: string) => void;
  onRefresh: () => void;
  error?: string;
};

/** The addition challenge of spec 5: two numbers 2–9, answered in digits, renewable. */
export function CaptchaField({
  state,
  answer,
  onAnswerChange,
  onRefresh,
  error,
}: CaptchaFieldProps) {
  const { t } = useTranslation('auth');
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  if (state.status !== 'ready') {
    return (
      <div className="rounded-lg border border-slate-300 bg-slate-50 px-3 py-3 text-sm">
        {state.status === 'loading' ? (
          <p role="status">{t('register.captchaLoading')}</p>
        ) : (
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p role="alert" className="font-medium text-red-700">
              {t('register.captchaFailed')}
            </p>
            <Button variant="secondary" size="sm" onClick={onRefresh}>
              {t('register.captchaRetry')}
            </Button>
          </div>
        )}
      </div>
    );
  }

  const { a, b } = state.captcha;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        {t('register.captchaLabel', { a, b })}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={id}
          name="captcha"
          inputMode="numeric"
          autoComplete="off"
          value={answer}
          onChange={(event) => onAnswerChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(' ')}
          className={`${inputClass} ${fieldBorder(Boolean(error))} w-32`}
        />
        <Button variant="secondary" onClick={onRefresh}>
          {t('register.captchaRefresh')}
        </Button>
      </div>
      <p id={hintId} className="mt-1 text-sm text-slate-600">
        {t('register.captchaHint')}
      </p>
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}
