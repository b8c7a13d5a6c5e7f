import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths';
import { Accordion } from '../../../components/ui/accordion';
import { claimWindowFigures } from '../../../lib/claim-window';
import { useSiteContacts } from '../../../lib/site';
import { useFormatters } from '../../../lib/use-formatters';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ClaimWindowsTable } from './claim-windows-table';
import { SupportForm } from './support-form';

const linkClass = 'font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900';
const cardClass = 'rounded-2xl border border-slate-200 bg-white p-6 shadow-sm';

export function HelpCenterPage() {
  const { t } = useTranslation('help');
  useDocumentTitle(t('helpCenter.metaTitle'));
  const claimWindow = claimWindowFigures(useFormatters().language);
  const contacts = useSiteContacts();
  const faq = t('helpCenter.faq', { returnObjects: true, ...claimWindow }) as {
    q: string;
    a: string;
  }[];

  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('helpCenter.title')}</h1>
      <p className="mt-4 max-w-3xl text-lg text-slate-700">{t('helpCenter.intro')}</p>

      <div className="mt-10 grid gap-6 md:grid-cols-2">
        <section aria-labelledby="deletion-card" className={cardClass}>
          <h2 id="deletion-card" className="text-lg font-semibold text-slate-900">
            {t('helpCenter.cards.deletionTitle')}
          </h2>
          <p className="mt-2 text-slate-700">{t('helpCenter.cards.deletionText')}</p>
          <Link to={paths.dataDeletion} className={`mt-4 inline-block ${linkClass}`}>
            {t('helpCenter.cards.deletionLink')}
          </Link>
        </section>
        <section aria-labelledby="security-card" className={cardClass}>
          <h2 id="security-card" className="text-lg font-semibold text-slate-900">
            {t('helpCenter.cards.securityTitle')}
          </h2>
          <p className="mt-2 text-slate-700">{t('helpCenter.cards.securityText')}</p>
          {contacts ? (
            <a
              href={`mailto:${contacts.securityEmail}`}
              className={`mt-4 inline-block break-all ${linkClass}`}
            >
              {t('helpCenter.cards.securityLink', { email: contacts.securityEmail })}
            </a>
          ) : null}
        </section>
      </div>

      <div className="mt-10 grid gap-10 md:grid-cols-[3fr_2fr]">
        <section aria-labelledby="contact-form" className={cardClass}>
          <h2 id="contact-form" className="mb-4 text-xl font-semibold text-slate-900">
            {t('helpCenter.contactTitle')}
          </h2>
          <SupportForm
            variant="contact"
            submitLabel={t('helpCenter.submit')}
            sentTitle={t('helpCenter.sent')}
            sentText={(email) => t('helpCenter.sentText', { email })}
            errorTitle={t('helpCenter.error')}
          />
        </section>
        <section aria-labelledby="contacts">
          <h2 id="contacts" className="text-xl font-semibold text-slate-900">
            {t('helpCenter.contacts.title')}
          </h2>
          {contacts ? (
            <ul className="mt-3 space-y-1 break-all text-slate-700">
              <li>
                <a href={`mailto:${contacts.supportEmail}`} className={linkClass}>
                  {t('helpCenter.contacts.support', { email: contacts.supportEmail })}
                </a>
              </li>
              <li>
                <a href={`mailto:${contacts.securityEmail}`} className={linkClass}>
                  {t('helpCenter.contacts.security', { email: contacts.securityEmail })}
                </a>
              </li>
            </ul>
          ) : null}
          <h3 className="mt-6 font-semibold text-slate-900">
            {t('helpCenter.contacts.hoursTitle')}
          </h3>
          <ul className="mt-2 space-y-1 text-slate-700">
            <li>{t('helpCenter.contacts.weekdays')}</li>
            <li>{t('helpCenter.contacts.saturday')}</li>
            <li>{t('helpCenter.contacts.sunday')}</li>
          </ul>
        </section>
      </div>

      <section aria-labelledby="help-faq" className="mt-12">
        <h2 id="help-faq" className="text-2xl font-semibold text-slate-900">
          {t('helpCenter.faqTitle')}
        </h2>
        <div className="mt-4">
          <Accordion
            items={faq.map((entry, index) => ({
              id: `faq-${index}`,
              title: entry.q,
              content: <p>{entry.a}</p>,
            }))}
          />
        </div>
      </section>

      <ClaimWindowsTable />
    </div>
  );
}
