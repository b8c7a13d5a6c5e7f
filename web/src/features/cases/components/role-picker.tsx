import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ROLES, type CaseRole } from '@domain/cases/contract';

/** Spec 2.8 / 5: the per-case role, first, with what that role must upload. */
export function RolePicker({
  value,
  onChange,
  disabled,
}: {
  value: CaseRole | undefined;
  onChange: (role: CaseRole) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('cases');
  const name = useId();
  return (
    <fieldset className="rounded-xl border border-slate-200 p-4" disabled={disabled}>
      <legend className="px-1 font-semibold">{t('role.legend')}</legend>
      <div className="flex flex-col gap-3 sm:flex-row sm:gap-6">
        {ROLES.map((role) => (
          <label key={role} className="flex cursor-pointer items-start gap-2">
            <input
              type="radio"
              name={name}
              value={role}
              checked={value === role}
              onChange={() => onChange(role)}
              className="mt-1 h-4 w-4 accent-brand-700"
            />
            <span>
              <span className="block font-medium">{t(`role.${role}`)}</span>
              <span className="block text-sm text-slate-600">{t(`role.${role}Hint`)}</span>
            </span>
          </label>
        ))}
      </div>
      {value ? (
        <p className="mt-3 text-sm text-slate-700" data-testid="role-requirements">
          {value === 'rivenditore'
            ? t('role.requirementsRivenditore')
            : t('role.requirementsProduttore')}
        </p>
      ) : (
        <p className="mt-3 text-sm text-slate-700">{t('role.requiredText')}</p>
      )}
    </fieldset>
  );
}
