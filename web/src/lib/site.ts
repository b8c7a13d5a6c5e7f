/**
 * Public contact points shown in the footer and on error pages. The `.example` domain is a
 * placeholder that can never deliver mail by mistake until the real addresses are decided.
 */
export const SITE_CONTACTS = {
  supportEmail: 'supporto@rimborsifba.example',
  securityEmail: 'security@rimborsifba.example',
  // Shown only once a real number exists; an invented one would mislead sellers.
  phone: null as string | null,
} as const;
