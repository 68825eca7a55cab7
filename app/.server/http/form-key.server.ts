import { randomBytes } from "node:crypto";

/** A fresh idempotency key for this render's forms (app/lib/form-key.ts): 18 random bytes, base64url (24 characters). */
export function newFormKey(): string {
  return randomBytes(18).toString("base64url");
}
