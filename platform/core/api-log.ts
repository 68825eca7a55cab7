// The API calls the platform answered, newest last ("METHOD /path"), kept in memory per database: tests and the
// owner read them to prove which Wix APIs the app uses (e.g. no Cart V1 or Checkout V1 call in a purchase).
import type { DB } from "./db";

const MAX_ENTRIES = 5000;
const logs = new WeakMap<DB, string[]>();

export function recordApiCall(db: DB, method: string, path: string): void {
  let log = logs.get(db);
  if (!log) logs.set(db, (log = []));
  log.push(`${method} ${path}`);
  if (log.length > MAX_ENTRIES) log.splice(0, log.length - MAX_ENTRIES);
}

export function apiLog(db: DB): string[] {
  return [...(logs.get(db) ?? [])];
}
