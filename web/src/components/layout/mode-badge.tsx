import { useTranslation } from 'react-i18next';
import { isRealMode, type Profile } from '../../lib/profile';
import { Badge } from '../ui/badge';

/** Spec 2.3: "Reale" for live/real profiles, "Demo" otherwise. */
export function ModeBadge({
  profile,
  className,
}: {
  profile: Pick<Profile, 'mode'>;
  className?: string;
}) {
  const { t } = useTranslation();
  const real = isRealMode(profile);
  return (
    <Badge tone={real ? 'brand' : 'amber'} className={className}>
      <span className="sr-only">{t('mode.label')}: </span>
      {real ? t('mode.real') : t('mode.demo')}
    </Badge>
  );
}
