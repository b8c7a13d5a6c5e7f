import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths';
import { ButtonLink } from '../../../components/ui/button';
import { useFormatters } from '../../../lib/use-formatters';

// Illustrative figures for the example card; not a real seller's data.
const example = {
  shipmentId: 'FBA15K7QX2M9',
  closedOn: '2026-03-12',
  expected: 240,
  received: 228,
};

export function Hero() {
  const { t } = useTranslation('landing');
  const format = useFormatters();

  return (
    <section
      aria-labelledby="hero-title"
      className="bg-gradient-to-b from-brand-50 to-white pt-16 pb-12 sm:pt-24"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-[3fr_2fr]">
        <div>
          <p className="text-sm font-semibold text-brand-800">{t('hero.eyebrow')}</p>
          <h1
            id="hero-title"
            className="mt-3 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl"
          >
            {t('hero.title')}
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-slate-700">{t('hero.lead')}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink to={paths.register} size="lg">
              {t('hero.primaryCta')}
            </ButtonLink>
            <ButtonLink to={paths.demo} size="lg" variant="secondary">
              {t('hero.secondaryCta')}
            </ButtonLink>
          </div>
          <p className="mt-6 text-sm text-slate-600">{t('hero.note')}</p>
        </div>

        <figure className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <figcaption className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
            {t('hero.example.caption')}
          </figcaption>
          <p className="mt-3 font-semibold text-slate-900">
            {t('hero.example.shipment', { id: example.shipmentId })}
          </p>
          <p className="text-sm text-slate-600">
            {t('hero.example.closed', { date: format.date(example.closedOn) })}
          </p>
          <dl className="mt-5 grid grid-cols-3 gap-3 text-center">
            <div className="rounded-lg bg-slate-50 p-3">
              <dt className="text-xs text-slate-600">{t('hero.example.expected')}</dt>
              <dd className="mt-1 text-2xl font-bold text-slate-900">
                {format.number(example.expected)}
              </dd>
            </div>
            <div className="rounded-lg bg-slate-50 p-3">
              <dt className="text-xs text-slate-600">{t('hero.example.received')}</dt>
              <dd className="mt-1 text-2xl font-bold text-slate-900">
                {format.number(example.received)}
              </dd>
            </div>
            <div className="rounded-lg bg-amber-50 p-3">
              <dt className="text-xs text-amber-900">{t('hero.example.gap')}</dt>
              <dd className="mt-1 text-2xl font-bold text-amber-900">
                {format.number(example.expected - example.received)}
              </dd>
            </div>
          </dl>
          <p className="mt-5 rounded-lg bg-brand-50 px-3 py-2 text-sm font-medium text-brand-800">
            {t('hero.example.status')}
          </p>
        </figure>
      </div>
    </section>
  );
}
