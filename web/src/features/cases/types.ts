/**
 * What this feature needs to know about a shipment. The shipments feature's rows have these
 * fields (spec 3, shipments); the app layer passes them in, so the features stay independent.
 */
export type CaseShipment = {
  shipment_id: string;
  shipment_name?: string | null;
  reference_id?: string | null;
  fc_code?: string | null;
  closed_at?: string | null;
  discrepancy?: number | null;
  /** A sample the demo wrote: free, and its submission is simulated. */
  demo?: boolean;
  /** The claim window's state (the list shows it first; a case not started yet follows it). */
  claim?: { state: 'open' | 'closing' | 'last_chance' | 'expired' | 'unknown' };
  /** Amazon's marketplace id: the dispute's language follows it unless the seller chooses. */
  marketplace_id?: string;
};
