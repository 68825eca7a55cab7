import { randomBytes } from "node:crypto";
import { z } from "zod";
import { canonicalEmail } from "~/models/email";

/**
 * The owner's back-office configuration (read with the rest in site/config.server.ts): who the owner is, and the
 * credentials of the elevated client that only ever serves the owner (docs/decisions/0015-owner-elevated-client.md).
 */

const emailList = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const list: string[] = [];
    for (const typed of (v ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean)) {
      // Kept in the canonical form (app/models/email.ts): the owner check compares canonical forms only.
      const email = canonicalEmail(typed);
      if (!email) {
        ctx.addIssue({ code: "custom", message: `must be comma-separated e-mail addresses ("${typed}" is not one)` });
        return z.NEVER;
      }
      list.push(email);
    }
    return list;
  });

const secret = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const adminEnvSchema = z.object({
  OWNER_EMAILS: emailList,
  WIX_API_KEY: secret,
  WIX_SITE_ID: secret,
  PLATFORM_API_KEY: secret,
  PLATFORM_SITE_ID: secret,
  PLATFORM_PAYMENT_CAPTURE: z.enum(["automatic", "manual"]).default("automatic"),
});

export interface AdminConfig {
  /** Login e-mails of the site's owners (canonical form, app/models/email.ts); empty = no back-office, /admin is a 404 for everyone. */
  ownerEmails: string[];
  /** The elevated client's credentials: Wix's API key and site id, or the embedded platform's. */
  apiKey?: string;
  siteId?: string;
  /** Embedded platform: "manual" makes the payment page authorize only (the owner captures or voids). */
  paymentCapture: "automatic" | "manual";
}

// An in-process platform and the app share this process: a key made here is known to both.
let generatedKey: string | undefined;

/** Problems (variable: message) and the admin configuration, for parseConfig. */
export function parseAdminConfig(
  source: Record<string, string | undefined>,
  commerce: { platform: "embedded" | "wix"; platformUrl?: string },
): { problems: string[]; admin: AdminConfig } {
  const result = adminEnvSchema.safeParse(source);
  if (!result.success)
    return {
      problems: result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`),
      admin: { ownerEmails: [], paymentCapture: "automatic" },
    };
  const env = result.data;
  const problems: string[] = [];
  const admin: AdminConfig = { ownerEmails: env.OWNER_EMAILS, paymentCapture: env.PLATFORM_PAYMENT_CAPTURE };
  if (commerce.platform === "wix") {
    admin.apiKey = env.WIX_API_KEY;
    admin.siteId = env.WIX_SITE_ID;
    if (admin.ownerEmails.length && (!admin.apiKey || !admin.siteId))
      problems.push("WIX_API_KEY: OWNER_EMAILS needs WIX_API_KEY and WIX_SITE_ID (the elevated client's API key and site id)");
  } else {
    admin.siteId = env.PLATFORM_SITE_ID;
    admin.apiKey = env.PLATFORM_API_KEY ?? (commerce.platformUrl ? undefined : (generatedKey ??= randomBytes(32).toString("base64url")));
    if (admin.ownerEmails.length && !admin.apiKey)
      problems.push("PLATFORM_API_KEY: OWNER_EMAILS with PLATFORM_URL needs the platform service's PLATFORM_API_KEY");
    if (admin.apiKey && (admin.apiKey.length < 24 || admin.apiKey.includes(",")))
      problems.push("PLATFORM_API_KEY: must be at least 24 characters, without commas (use a random value)");
  }
  return { problems, admin };
}
