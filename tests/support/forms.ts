import { generateKeyPairSync } from "node:crypto";
import { ConfigError, parseConfig } from "~/.server/site/config.server";

/** A FormData holding these fields, as a browser would post them. */
export function formData(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  return data;
}

/** A buyer's complete checkout answer (shipping address used for billing, terms accepted). */
export const checkoutBuyer = {
  email: "lea@exemple.fr",
  firstName: "Léa",
  lastName: "Dupont",
  addressLine: "5 rue de la Paix",
  postalCode: "75002",
  city: "Paris",
  country: "FR",
  sameBilling: "on",
  acceptTerms: "on",
};

/** That buyer's checkout form as the page posts it: standard delivery, the billing fields left empty. */
export const checkoutForm = {
  ...checkoutBuyer,
  shippingCode: "standard",
  billingAddressLine: "",
  billingPostalCode: "",
  billingCity: "",
  billingCountry: "FR",
};

/** The problems parseConfig reports for this environment; fails the test when it accepts it. */
/** What a real Wix configuration needs besides WIX_CLIENT_ID (app/.server/wix/requirements.server.ts). */
export const WIX_SITE_ENV = {
  WIX_CLIENT_ID: "abc",
  CONTACT_FORM_ID: "3a0e6d1c-5b2f-4e8a-9c7d-1f2e3d4c5b6a",
  WIX_WEBHOOK_PUBLIC_KEY: generateKeyPairSync("rsa", { modulusLength: 1024 }).publicKey.export({ type: "spki", format: "pem" }).toString(),
  PUBLIC_ORIGIN: "https://shop.example",
};

export function configProblems(env: Record<string, string>): string[] {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error("expected a ConfigError");
}
