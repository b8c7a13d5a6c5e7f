import { useTranslation } from 'react-i18next';
import { LandingSection } from './landing-section';

export function AboutSection() {
  const { t } = useTranslation('landing');

  return (
    <LandingSection id="about" title={t('about.title')}>
      <div className="max-w-3xl space-y-4 text-lg text-slate-700">
        <p>{t('about.paragraph1')}</p>
        <p>{t('about.paragraph2')}</p>
      </div>
    </LandingSection>
  );
}
