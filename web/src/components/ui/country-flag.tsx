import type { ReactNode } from 'react';
import type { MarketplaceCountry } from '@domain/marketplaces';

/**
 * The flags of the marketplaces the product serves, drawn as small inline SVGs on one 3:2
 * canvas. Emoji flags are letter pairs on Windows and empty boxes without an emoji font; these
 * look the same everywhere and cost no request. Simplified (no coats of arms). Decorative: the
 * country's name always sits beside the flag.
 */
function stripes(direction: 'vertical' | 'horizontal', colors: readonly string[]): ReactNode {
  const size = (direction === 'vertical' ? 30 : 20) / colors.length;
  return colors.map((color, index) =>
    direction === 'vertical' ? (
      <rect key={color} x={index * size} y={0} width={size} height={20} fill={color} />
    ) : (
      <rect key={color} x={0} y={index * size} width={30} height={size} fill={color} />
    ),
  );
}

const FLAGS: Record<MarketplaceCountry, ReactNode> = {
  IT: stripes('vertical', ['#009246', '#ffffff', '#ce2b37']),
  DE: stripes('horizontal', ['#000000', '#dd0000', '#ffce00']),
  FR: stripes('vertical', ['#0055a4', '#ffffff', '#ef4135']),
  // Red, yellow twice as tall, red.
  ES: (
    <>
      <rect width={30} height={20} fill="#aa151b" />
      <rect y={5} width={30} height={10} fill="#f1bf00" />
    </>
  ),
  GB: (
    <>
      <rect width={30} height={20} fill="#012169" />
      <path d="M0 0L30 20M30 0L0 20" stroke="#ffffff" strokeWidth={4} />
      <path d="M0 0L30 20M30 0L0 20" stroke="#c8102e" strokeWidth={1.4} />
      <path d="M15 0V20M0 10H30" stroke="#ffffff" strokeWidth={6} />
      <path d="M15 0V20M0 10H30" stroke="#c8102e" strokeWidth={3.6} />
    </>
  ),
  NL: stripes('horizontal', ['#ae1c28', '#ffffff', '#21468b']),
  BE: stripes('vertical', ['#000000', '#fdda24', '#ef3340']),
  PL: stripes('horizontal', ['#ffffff', '#dc143c']),
  // The Nordic cross, its upright a little left of centre.
  SE: (
    <>
      <rect width={30} height={20} fill="#006aa7" />
      <rect x={9.4} width={3.7} height={20} fill="#fecc00" />
      <rect y={8} width={30} height={4} fill="#fecc00" />
    </>
  ),
};

/** `UK` is the wizard's and the seller's name for Amazon's `GB`. */
function flagCountry(country: string): MarketplaceCountry | undefined {
  const code = country.toUpperCase() === 'UK' ? 'GB' : country.toUpperCase();
  return code in FLAGS ? (code as MarketplaceCountry) : undefined;
}

export function CountryFlag({ country, className = '' }: { country: string; className?: string }) {
  const code = flagCountry(country);
  if (!code) return null;
  return (
    <svg
      viewBox="0 0 30 20"
      width={24}
      height={16}
      aria-hidden="true"
      focusable="false"
      data-flag={code}
      className={`shrink-0 rounded-[2px] ring-1 ring-slate-300 ${className}`}
    >
      {FLAGS[code]}
    </svg>
  );
}
