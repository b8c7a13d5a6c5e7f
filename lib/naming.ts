/** `sync-worker` → `SyncWorker`: catalogue and schedule names as construct ids. */
export function pascalCase(kebab: string): string {
  return kebab
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}
