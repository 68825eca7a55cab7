import { data } from "react-router";
import { Honeypot } from "remix-utils/honeypot/server";
import { getConfig } from "./config.server";

// Seeded from the session secret so every container of a scaled-out deployment accepts the others' forms.
let instance: Honeypot | undefined;
export function honeypot(): Honeypot {
  instance ??= new Honeypot({ encryptionSeed: getConfig().sessionSecrets[0] });
  return instance;
}

/**
 * Public forms: a filled trap field (a bot, SpamError) is refused with a plain
 * 400, nothing else happens. A forged timestamp fails to decrypt with a generic
 * error: that is a tampered form too, not a server fault.
 */
export async function checkHoneypot(formData: FormData): Promise<void> {
  try {
    await honeypot().check(formData);
  } catch (error) {
    if (error instanceof Error) throw data("Formulaire refusé.", { status: 400 });
    throw error;
  }
}
