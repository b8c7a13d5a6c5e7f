import {
  DEMO_FEEDBACK,
  DEMO_SHIPMENTS,
  DEMO_STORAGE_KEYS,
  DEMO_SYNC_DELAY_MS,
  type DemoFeedback,
  type DemoShipment,
} from '@domain/demo-data';

type Kind = keyof typeof DEMO_STORAGE_KEYS;
type Stored = { shipments: DemoShipment[]; feedback: DemoFeedback[] };

export function readDemo<K extends Kind>(kind: K): Stored[K] {
  try {
    const raw = window.localStorage.getItem(DEMO_STORAGE_KEYS[kind]);
    return raw ? (JSON.parse(raw) as Stored[K]) : [];
  } catch {
    // Disabled or corrupt storage: the demo starts empty instead of failing.
    return [];
  }
}

/** Waits as long as a real sync feels, then writes the samples to browser storage. */
export async function syncDemo<K extends Kind>(kind: K): Promise<Stored[K]> {
  await new Promise((resolve) => setTimeout(resolve, DEMO_SYNC_DELAY_MS));
  const data = (kind === 'shipments' ? [...DEMO_SHIPMENTS] : [...DEMO_FEEDBACK]) as Stored[K];
  try {
    window.localStorage.setItem(DEMO_STORAGE_KEYS[kind], JSON.stringify(data));
  } catch {
    // Without storage the samples still show for this visit.
  }
  return data;
}

export function resetDemo(): void {
  try {
    for (const key of Object.values(DEMO_STORAGE_KEYS)) window.localStorage.removeItem(key);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
