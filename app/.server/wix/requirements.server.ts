import { createPublicKey } from "node:crypto";
import { EMBEDDED_CONTACT_FORM_ID, type Env } from "../site/config-env.server";

/**
 * What a real Wix site needs from this server's configuration, checked at start (site/config.server.ts): with the
 * embedded platform every one of these has a working default, with Wix none does, and each one missing fails far
 * from its cause (a contact form that "sends" nowhere, every webhook refused, logins bounced by Wix). Each problem
 * names its variable and where the value comes from.
 */

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The `VARIABLE: message` problems of a Wix configuration; empty when it can start. */
export function wixRequirementProblems(env: Env): string[] {
  const problems: string[] = [];
  if (!env.CONTACT_FORM_ID || env.CONTACT_FORM_ID === EMBEDDED_CONTACT_FORM_ID)
    problems.push(
      "CONTACT_FORM_ID: is required with Wix: the id of the site's Wix Forms form that receives /contact (the demo form only exists on the embedded platform)",
    );
  else if (!GUID.test(env.CONTACT_FORM_ID))
    problems.push(
      `CONTACT_FORM_ID: must be a Wix form id (a GUID such as 8f1c2d3e-4b5a-4c6d-9e7f-0a1b2c3d4e5f), got ${JSON.stringify(env.CONTACT_FORM_ID)}`,
    );
  const keyProblem = publicKeyProblem(env.WIX_WEBHOOK_PUBLIC_KEY);
  if (keyProblem) problems.push(`WIX_WEBHOOK_PUBLIC_KEY: ${keyProblem}`);
  if (!env.PUBLIC_ORIGIN)
    problems.push(
      "PUBLIC_ORIGIN: is required with Wix: the origin users see, which must also be listed in the OAuth app's allowed redirect domains (Wix dashboard › Headless settings) or Wix refuses the login and payment callbacks",
    );
  return problems;
}

/** Why a webhook public key cannot verify Wix's RS256 tokens, or null when it can. */
function publicKeyProblem(pem: string | undefined): string | null {
  if (!pem)
    return "is required with Wix: the public key of the app's webhooks (app dashboard › Webhooks › Public key, PEM); without it every event is refused";
  try {
    const key = createPublicKey(pem);
    return key.asymmetricKeyType === "rsa"
      ? null
      : `must be an RSA public key (Wix signs its webhooks with RS256), got ${key.asymmetricKeyType}`;
  } catch {
    return "cannot be read as a PEM public key (-----BEGIN PUBLIC KEY-----…; write new lines as \\n in a one-line value)";
  }
}
