import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { landingSections, paths } from '../../lib/paths';

/** The landing anchors of spec 2.2, in the order the top bar shows them. */
export const sectionLinks = [
  { id: landingSections.features, labelKey: 'nav.features' },
  { id: landingSections.benefits, labelKey: 'nav.benefits' },
  { id: landingSections.pricing, labelKey: 'nav.pricing' },
  { id: landingSections.help, labelKey: 'nav.help' },
] as const;

type SectionLinkProps = {
  sectionId: string;
  className?: string;
  onClick?: () => void;
  children: ReactNode;
};

/**
 * On the landing page a native fragment link, so the browser also moves the keyboard's
 * starting point into the section. Elsewhere a router link: a full page load would let scroll
 * restoration put the landing page back at the previous page's offset instead of the section.
 */
export function SectionLink({ sectionId, className, onClick, children }: SectionLinkProps) {
  const { pathname } = useLocation();
  const href = `${paths.home}#${sectionId}`;
  if (pathname === paths.home) {
    return (
      <a href={href} className={className} onClick={onClick}>
        {children}
      </a>
    );
  }
  return (
    <Link to={href} className={className} onClick={onClick}>
      {children}
    </Link>
  );
}
