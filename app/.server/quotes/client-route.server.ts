import { data } from "react-router";
import { mapLoaderErrors } from "../wix/errors.server";
import { openQuote, type QuoteAccess } from "./client-quotes.server";

/** The quote a client's link opens, or the French refusal (403 changed link, 410 expired link) as the follow link's. */
export async function clientQuote(url: URL, options: { viewed?: boolean } = {}): Promise<Extract<QuoteAccess, { ok: true }>> {
  const token = url.searchParams.get("jeton");
  const access = await mapLoaderErrors(() => openQuote(token, options));
  if (access.ok) return access;
  if (access.reason === "expired")
    throw data(
      { title: "Lien expiré", message: "Ce lien de devis a expiré : demandez-en un nouveau à votre interlocuteur." },
      { status: 410 },
    );
  throw data({ title: "Lien non valide", message: "Utilisez le lien complet, tel qu'il vous a été envoyé par e-mail." }, { status: 403 });
}
