import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { landingSections, paths } from '../../../lib/paths';
import { Accordion } from '../../../components/ui/accordion';
import { claimWindowFigures } from '../../../lib/claim-window';
import { useFormatters } from '../../../lib/use-formatters';
import { usePlanCopy } from '../use-plan-copy';
import { LandingSection } from './landing-section';

const questions = ['security', 'cases', 'plan', 'window', 'demo'] as const;

export function FaqSection() {
  const { t } = useTranslation('landing');
  const plan = usePlanCopy();
  const claimWindow = claimWindowFigures(useFormatters().language);

  const items = questions.map((question) => ({
    id: question,
    title: t(`faq.items.${question}.question`),
    content: <p>{t(`faq.items.${question}.answer`, { ...plan, ...claimWindow })}</p>,
  }));

  return (
    <LandingSection
      id={landingSections.help}
      title={t('faq.title')}
      intro={t('faq.intro')}
      tone="muted"
    >
      <div className="max-w-3xl">
        <Accordion items={items} headingLevel={3} />
        <p className="mt-6 text-slate-700">
          {t('faq.moreHelp')}{' '}
          <Link
            to={paths.helpCenter}
            className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900"
          >
            {t('faq.helpCenterLink')}
          </Link>
        </p>
      </div>
    </LandingSection>
  );
}
