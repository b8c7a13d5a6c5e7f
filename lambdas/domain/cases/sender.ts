import type { Connection } from '../connection/connection';
import type { DisputeSender } from './dispute-text';

/**
 * Who writes to Amazon in a dispute, from what we hold: the seller's name from the profile, the
 * store name and Seller ID (selling partner id) from the Amazon connection, and the marketplace
 * the claim is for (a domain such as amazon.it, shown as "Amazon.it"). A fact we do not hold
 * stays null and the text leaves it out; nothing is made up.
 */
export function disputeSender(
  profile: { first_name?: string | null; last_name?: string | null } | undefined,
  connection: Pick<Connection, 'storeName' | 'sellerId' | 'status'> | undefined,
  marketplace: string | null,
): DisputeSender {
  const name = [profile?.first_name, profile?.last_name]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  const linked = connection && connection.status !== 'disconnected' ? connection : undefined;
  const domain = marketplace?.trim().toLowerCase() ?? '';
  return {
    seller_name: name || null,
    store_name: linked?.storeName.trim() || null,
    seller_id: linked?.sellerId.trim() || null,
    marketplace: /^amazon\.[a-z.]+$/.test(domain) ? `A${domain.slice(1)}` : null,
  };
}
