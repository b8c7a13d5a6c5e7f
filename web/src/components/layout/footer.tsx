import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { toLanguage } from '../../i18n/languages';
import { phoneHref, whatsappHref, type SiteContacts } from '@domain/site-contacts';
import { useSiteContacts } from '../../lib/site';

const legalLinks = [
  { to: paths.terms, labelKey: 'footer.legal.terms' },
  { to: paths.privacy, labelKey: 'footer.legal.privacy' },
  { to: paths.legal, labelKey: 'footer.legal.legal' },
  { to: paths.accessibility, labelKey: 'footer.legal.accessibility' },
  { to: paths.subprocessors, labelKey: 'footer.legal.subprocessors' },
  { to: paths.dataDeletion, labelKey: 'footer.legal.dataDeletion' },
] as const;

const supportHours = [
  { dayKey: 'footer.hours.weekdays', timeKey: 'footer.hours.weekdaysTime' },
  { dayKey: 'footer.hours.saturday', timeKey: 'footer.hours.saturdayTime' },
  { dayKey: 'footer.hours.sunday', timeKey: 'footer.hours.sundayTime' },
] as const;

type ContactRow = {
  labelKey: 'footer.supportEmail' | 'footer.securityEmail' | 'footer.phone' | 'footer.whatsapp';
  href: string;
  text: string;
};

/** The stage's contacts (spec 2.3), phone and WhatsApp only when it has them. */
function contactRows(contacts: SiteContacts | null): ContactRow[] {
  if (!contacts) return [];
  const { supportEmail, securityEmail, phone, whatsapp } = contacts;
  const rows: ContactRow[] = [
    { labelKey: 'footer.supportEmail', href: `mailto:${supportEmail}`, text: supportEmail },
    { labelKey: 'footer.securityEmail', href: `mailto:${securityEmail}`, text: securityEmail },
  ];
  if (phone) rows.push({ labelKey: 'footer.phone', href: phoneHref(phone), text: phone });
  if (whatsapp) {
    rows.push({ labelKey: 'footer.whatsapp', href: whatsappHref(whatsapp), text: whatsapp });
  }
  return rows;
}

const linkClass = 'rounded-sm text-slate-300 underline-offset-4 hover:text-white hover:underline';
const titleClass = 'text-sm font-semibold tracking-wide text-white uppercase';

export function Footer() {
  const { t, i18n } = useTranslation();
  const language = toLanguage(i18n.resolvedLanguage);
  const contacts = useSiteContacts();
  // A year is an identifier, not a quantity: Intl would group it as "2.026" in Italian.
  const year = String(new Date().getFullYear());

  return (
    <footer className="focus-on-dark bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-white">{t('brand.name')}</p>
          <p className="mt-2 text-sm">{t('brand.tagline')}</p>
          <p className="mt-4 text-xs leading-relaxed text-slate-400">{t('footer.disclaimer')}</p>
        </div>

        <nav aria-labelledby="footer-legal-title">
          <h2 id="footer-legal-title" className={titleClass}>
            {t('footer.legalTitle')}
          </h2>
          <ul className="mt-4 space-y-2 text-sm">
            {legalLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={linkClass}>
                  {t(link.labelKey)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div>
          <h2 id="footer-contact-title" className={titleClass}>
            {t('footer.contactTitle')}
          </h2>
          <dl className="mt-4 space-y-3 text-sm">
            {contactRows(contacts).map((row) => (
              <div key={row.labelKey}>
                <dt className="text-slate-400">{t(row.labelKey)}</dt>
                <dd>
                  <a href={row.href} className={linkClass}>
                    {row.text}
                  </a>
                </dd>
              </div>
            ))}
          </dl>
          <p className="mt-4 text-sm">
            <Link to={paths.helpCenter} className={linkClass}>
              {t('footer.helpCenter')}
            </Link>
          </p>
        </div>

        <div>
          <h2 id="footer-hours-title" className={titleClass}>
            {t('footer.hoursTitle')}
          </h2>
          <dl className="mt-4 space-y-2 text-sm">
            {supportHours.map((row) => (
              <div key={row.dayKey} className="flex justify-between gap-4">
                <dt>{t(row.dayKey)}</dt>
                <dd className="text-white">{t(row.timeKey)}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-2 text-xs text-slate-400">{t('footer.timeZone')}</p>
        </div>
      </div>

      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-xs text-slate-400 sm:flex-row sm:justify-between sm:px-6">
          <p>{t('footer.copyright', { year })}</p>
          <p>{t('footer.languageCode', { code: language.toUpperCase() })}</p>
        </div>
      </div>
    </footer>
  );
}
