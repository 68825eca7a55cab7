import { z } from "zod";
import { BULK_MEMBER_LABELS, EVERY_MEMBER_CONFIRMATION, MEMBER_STATUS_OPTIONS, type BulkMemberAction } from "~/models/admin";
import { parseForm } from "../http/form.server";
import { adminRefusal, runAdminAction, runButtonIntent } from "./actions.server";
import type { ElevatedClient } from "./elevated-client.server";
import { BULK_MAX, bulkMemberAction, bulkTargets, isEveryone, memberAction, readMemberFilters, type MemberAction } from "./members.server";

/**
 * The members page's buttons, one row per intent: a member's own (approve, block, unblock, mute, unmute, disconnect,
 * delete: its notification, whether it asks first) and the bulk ones on the filter's members (they confirm a count,
 * and every member a typed word). Their forms are hidden fields only: a refusal is a notification, not a field error.
 */

const MEMBER_INTENTS: Record<MemberAction, { done: string; confirms?: true }> = {
  approve: { done: "Membre approuvé." },
  block: { done: "Membre bloqué : ses sessions sont terminées." },
  unblock: { done: "Membre débloqué." },
  mute: { done: "Membre rendu muet." },
  unmute: { done: "Membre rétabli." },
  disconnect: { done: "Membre déconnecté de toutes ses sessions." },
  delete: { done: "Membre supprimé.", confirms: true },
};
const BULK_DONE: Record<BulkMemberAction, string> = { approve: "approuvé", block: "bloqué", delete: "supprimé" };
const plural = (n: number, word: string) => `${n} ${word}${n > 1 ? "s" : ""}`;

const oneOf = <K extends string>(record: Record<K, unknown>) => Object.keys(record) as [K, ...K[]];

const memberForm = z.object({
  intent: z.enum(oneOf(MEMBER_INTENTS)),
  memberId: z.string().min(1).max(100),
  email: z.string().max(320).default(""),
  confirmed: z.string().optional(),
});

const bulkForm = z.object({
  intent: z.enum(oneOf(BULK_MEMBER_LABELS).map((b) => `bulk-${b}`) as [`bulk-${BulkMemberAction}`]),
  count: z.string().max(10).optional(),
  typed: z.string().max(100).default(""),
  confirmed: z.string().optional(),
});

/** The members page's action: a bulk intent on the filter (`url`'s query), else one member's. */
export async function runMemberIntent(admin: ElevatedClient, request: Request, url: URL) {
  const back = url.pathname + url.search;
  const form = await request.formData();
  const bulk = parseForm(bulkForm, form);
  if (bulk.ok) return runBulk(admin, request, url, bulk.data);
  return runButtonIntent(request, back, form, memberForm, ({ intent, memberId, email }) => ({
    confirm: MEMBER_INTENTS[intent].confirms
      ? { question: `Supprimer définitivement le membre ${email} ?`, fields: { intent, memberId } }
      : undefined,
    run: async () => (await memberAction(admin, memberId, intent), MEMBER_INTENTS[intent].done),
  }));
}

async function runBulk(admin: ElevatedClient, request: Request, url: URL, input: z.output<typeof bulkForm>) {
  const back = url.pathname + url.search;
  const what = input.intent.slice(5) as BulkMemberAction;
  const confirmed = input.confirmed === "1";
  const filters = readMemberFilters(url.searchParams);
  const everyone = isEveryone(filters);
  const { members } = await bulkTargets(admin, filters);
  if (!members.length)
    return adminRefusal(request, back, "Aucun membre ne correspond à ce filtre (les propriétaires ne sont jamais concernés).");
  if (members.length > BULK_MAX) return adminRefusal(request, back, `Plus de ${BULK_MAX} membres : affinez le filtre pour agir par lots.`);
  // The owner confirms a count; the confirmed request acts only if the filter still gives that count.
  const count = String(members.length);
  const typedOk = !everyone || input.typed.trim().toLocaleUpperCase("fr") === EVERY_MEMBER_CONFIRMATION;
  const scope = [filters.status ? MEMBER_STATUS_OPTIONS[filters.status] : "", filters.q ? `« ${filters.q} »` : ""]
    .filter(Boolean)
    .join(", ");
  const label = BULK_MEMBER_LABELS[what];
  const confirm = {
    question: `${label} ${plural(members.length, "membre")} ?`,
    details: [
      everyone ? "Aucun filtre : l'action touche tous les membres du site (sauf les propriétaires)." : `Filtre : ${scope}.`,
      ...members.slice(0, 5).map((m) => `${m.name ? `${m.name} — ` : ""}${m.email}`),
      ...(members.length > 5 ? [`… et ${plural(members.length - 5, "autre")}.`] : []),
      ...(what === "delete" ? ["La suppression est définitive."] : []),
    ],
    fields: { intent: input.intent, count },
    button: `${label} ${plural(members.length, "membre")}`,
    ...(everyone
      ? {
          typed: EVERY_MEMBER_CONFIRMATION,
          ...(confirmed && !typedOk
            ? { typedError: `Tapez exactement « ${EVERY_MEMBER_CONFIRMATION} » pour agir sur tous les membres.` }
            : {}),
        }
      : {}),
  };
  if (confirmed && input.count !== count)
    return adminRefusal(request, back, "La liste des membres a changé depuis votre demande : rien n'a été fait, vérifiez et recommencez.");
  return runAdminAction(request, {
    redirectTo: back,
    confirmed: confirmed && typedOk,
    confirm,
    run: async () => {
      const { done, failed } = await bulkMemberAction(
        admin,
        members.map((m) => m.id),
        what,
      );
      return `${plural(done, "membre")} ${BULK_DONE[what]}${done > 1 ? "s" : ""}${failed ? `, ${plural(failed, "échec")}` : ""}.`;
    },
  });
}
