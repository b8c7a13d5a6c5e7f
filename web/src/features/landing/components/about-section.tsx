import { useTranslation } from 'react-i18next';
import { MARKETPLACE_IDS, type MarketplaceCountry } from '@domain/marketplaces';
import { CountryFlag } from '../../../components/ui/country-flag';
import { LandingSection } from './landing-section';

/** Spec 2.2 and 3: the landing lists the nine marketplaces the wizard offers, in its order. */
const marketplaces = Object.keys(MARKETPLACE_IDS) as MarketplaceCountry[];

export function AboutSection() {
  const { t } = useTranslation('landing');

  return (
    <LandingSection id="about" title={t('about.title')}>
      <div className="max-w-3xl space-y-4 text-lg text-slate-700">
        <p>{t('about.paragraph1')}</p>
        <p>{t('about.paragraph2')}</p>
      </div>
      <h3 id="about-marketplaces" className="mt-8 text-lg font-semibold text-slate-900">
        {t('about.marketplaces', { count: marketplaces.length })}
      </h3>
      <ul aria-labelledby="about-marketplaces" className="mt-3 flex max-w-3xl flex-wrap gap-2">
        {marketplaces.map((country) => (
          <li
            key={country}
            className="flex items-center gap-2 rounded-full border border-slate-200 bg-white px-3 py-1 text-slate-800"
          >
            <CountryFlag country={country} />
            <span>{t(`countries.${country}`, { ns: 'common' })}</span>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
