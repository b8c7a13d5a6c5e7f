import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AboutSection } from './about-section';
import { BenefitsSection } from './benefits-section';
import { FaqSection } from './faq-section';
import { FeaturesSection } from './features-section';
import { Hero } from './hero';
import { HowItWorks } from './how-it-works';
import { PricingCallout } from './pricing-callout';
import { PricingSection } from './pricing-section';

/** Section order follows spec 2.2. */
export function LandingPage() {
  const { t } = useTranslation('landing');
  useDocumentTitle(t('meta.title'));

  return (
    <>
      <Hero />
      <PricingCallout />
      <HowItWorks />
      <FeaturesSection />
      <BenefitsSection />
      <AboutSection />
      <FaqSection />
      <PricingSection />
    </>
  );
}
