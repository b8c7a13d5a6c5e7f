import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/use-document-title';

type Section = { heading: string; paragraphs?: string[]; items?: string[] };
type DocumentKey = 'terms' | 'privacy' | 'legal' | 'accessibility';

/** One legal text: its copy lives in the `legal` namespace as headed sections. */
export function LegalDocument({ doc }: { doc: DocumentKey }) {
  const { t } = useTranslation('legal');
  useDocumentTitle(t(`${doc}.metaTitle`));
  const sections = t(`${doc}.sections`, { returnObjects: true }) as Section[];
  return (
    <LegalFrame title={t(`${doc}.title`)} intro={t(`${doc}.intro`)} updated={t('updated')}>
      {sections.map((section) => (
        <section key={section.heading} className="mt-8">
          <h2 className="text-xl font-semibold text-slate-900">{section.heading}</h2>
          {section.paragraphs?.map((paragraph) => (
            <p key={paragraph} className="mt-3 text-slate-700">
              {paragraph}
            </p>
          ))}
          {section.items ? (
            <ul className="mt-3 list-disc space-y-1 pl-6 text-slate-700">
              {section.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </LegalFrame>
  );
}

export function LegalFrame({
  title,
  intro,
  updated,
  children,
}: {
  title: string;
  intro: string;
  updated?: string;
  children: React.ReactNode;
}) {
  return (
    <article aria-labelledby="page-title" className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <h1 id="page-title" className="text-3xl font-bold tracking-tight text-slate-900">
        {title}
      </h1>
      {updated ? <p className="mt-2 text-sm text-slate-600">{updated}</p> : null}
      <p className="mt-4 text-lg text-slate-700">{intro}</p>
      {children}
    </article>
  );
}

export const TermsPage = () => <LegalDocument doc="terms" />;
export const PrivacyPage = () => <LegalDocument doc="privacy" />;
export const LegalInfoPage = () => <LegalDocument doc="legal" />;
export const AccessibilityPage = () => <LegalDocument doc="accessibility" />;

type Row = { name: string; purpose: string; location: string };

export function SubprocessorsPage() {
  const { t } = useTranslation('legal');
  useDocumentTitle(t('subprocessors.metaTitle'));
  const rows = t('subprocessors.rows', { returnObjects: true }) as Row[];
  return (
    <LegalFrame
      title={t('subprocessors.title')}
      intro={t('subprocessors.intro')}
      updated={t('updated')}
    >
      <div className="mt-8 overflow-x-auto">
        <table className="w-full border-collapse text-left text-slate-800">
          <caption className="mb-2 text-left text-sm text-slate-600">
            {t('subprocessors.caption')}
          </caption>
          <thead>
            <tr className="border-b border-slate-300">
              <th scope="col" className="py-2 pr-4">
                {t('subprocessors.columns.name')}
              </th>
              <th scope="col" className="py-2 pr-4">
                {t('subprocessors.columns.purpose')}
              </th>
              <th scope="col" className="py-2">
                {t('subprocessors.columns.location')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.name} className="border-b border-slate-200 align-top">
                <th scope="row" className="py-2 pr-4 font-medium">
                  {row.name}
                </th>
                <td className="py-2 pr-4">{row.purpose}</td>
                <td className="py-2">{row.location}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </LegalFrame>
  );
}
