/**
 * How the request middleware learns whether a caller's account was deleted. The table client
 * registers the check when a function loads it (`adapters/dynamo/client.ts`), so every function
 * that can write to the table refuses a deleted account's writes, while a function that never
 * touches the table (the health check) carries no database client in its bundle.
 */
type DeletedAccountCheck = (userId: string) => Promise<boolean>;

let registered: DeletedAccountCheck | undefined;

export function checkDeletedAccountsWith(check: DeletedAccountCheck): void {
  registered = check;
}

export function deletedAccountCheck(): DeletedAccountCheck | undefined {
  return registered;
}
