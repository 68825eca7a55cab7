import { data } from "react-router";
import { Honeypot, type HoneypotInputProps } from "remix-utils/honeypot/server";
import { getConfig } from "../site/config.server";

// Seeded from the session secret so every container of a scaled-out deployment accepts the others' forms.
let instance: Honeypot | undefined;
export function honeypot(): Honeypot {
  instance ??= new Honeypot({ encryptionSeed: getConfig().sessionSecrets[0] });
  return instance;
}

/**
 * The fields every page renders (root loader). The encrypted "valid from" time only has to be in the past when a
 * form comes back (remix-utils refuses future ones, nothing else), so one value serves every page for a few
 * seconds instead of an AES encryption per page view (bench/FINDINGS.md, item 10).
 */
const PROPS_REUSE_MS = 5_000;
let props: { until: number; value: Promise<HoneypotInputProps> } | undefined;
export function honeypotInputProps(): Promise<HoneypotInputProps> {
  const now = Date.now();
  if (!props || props.until <= now) {
    const value = honeypot().getInputProps();
    props = { until: now + PROPS_REUSE_MS, value };
    value.catch(() => (props = undefined));
  }
  return props.value;
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
