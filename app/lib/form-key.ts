/**
 * The hidden field that makes a form's POST idempotent (server/idempotency.ts): each page render carries a fresh
 * random key, so the same form sent twice from that page (a double click without JavaScript, a resend after a slow
 * answer) is recognised and answered as the first was, instead of adding to the cart or e-mailing twice.
 */
export const FORM_KEY_FIELD = "formKey";

/** What a key looks like (base64url of 16 random bytes and more); anything else is ignored, not trusted. */
export const FORM_KEY_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;
