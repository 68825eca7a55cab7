import { Form, Link, useActionData } from "react-router";
import type { Route } from "./+types/admin.members";
import { adminRefusal, runAdminAction } from "~/.server/admin/actions.server";
import type { BulkMemberAction, MemberAction } from "~/.server/admin/members.server";
import {
  BULK_MAX,
  bulkMemberAction,
  bulkTargets,
  isEveryone,
  memberAction,
  readMemberFilters,
  searchMembers,
} from "~/.server/admin/members.server";
import { formObject } from "~/.server/http/form.server";
import { elevatedClientOf } from "~/.server/admin/owner.server";
import { ConfirmPanel } from "~/components/admin/Confirm";
import { FilterInput, FilterSelect } from "~/components/admin/Filters";
import { StackTable, type StackColumn } from "~/components/StackTable";
import { routeMeta } from "~/lib/meta";
import { type AdminMemberRow, EVERY_MEMBER_CONFIRMATION, MEMBER_STATUS_OPTIONS } from "~/models/admin";
import { FormKey } from "~/components/FormKey";

export const meta: Route.MetaFunction = ({ matches, location }) => routeMeta({ matches, location }, { title: "Membres — Administration" });

export const handle = { breadcrumb: () => ({ label: "Membres", to: "/admin/members" }) };

export async function loader({ context, url }: Route.LoaderArgs) {
  const admin = elevatedClientOf(context);
  const filters = readMemberFilters(url.searchParams);
  const page = Math.min(Math.max(Number.parseInt(url.searchParams.get("page") ?? "0", 10) || 0, 0), 10_000);
  return { filters, ...(await searchMembers(admin, filters, page)) };
}

const DONE: Record<MemberAction, string> = {
  approve: "Membre approuvé.",
  block: "Membre bloqué : ses sessions sont terminées.",
  unblock: "Membre débloqué.",
  mute: "Membre rendu muet.",
  unmute: "Membre rétabli.",
  disconnect: "Membre déconnecté de toutes ses sessions.",
  delete: "Membre supprimé.",
};
const BULK: Record<BulkMemberAction, string> = { approve: "Approuver", block: "Bloquer", delete: "Supprimer" };
const BULK_DONE: Record<BulkMemberAction, string> = { approve: "approuvé", block: "bloqué", delete: "supprimé" };
const plural = (n: number, word: string) => `${n} ${word}${n > 1 ? "s" : ""}`;

export async function action({ request, context, url }: Route.ActionArgs) {
  const admin = elevatedClientOf(context);
  const back = url.pathname + url.search;
  const fields = await formObject(request);
  const confirmed = fields.confirmed === "1";
  const intent = fields.intent ?? "";
  if (intent.startsWith("bulk-")) {
    const what = intent.slice(5) as BulkMemberAction;
    if (!Object.hasOwn(BULK, what)) return adminRefusal(request, back, "Action inconnue.");
    const filters = readMemberFilters(url.searchParams);
    const everyone = isEveryone(filters);
    const { members } = await bulkTargets(admin, filters);
    if (!members.length)
      return adminRefusal(request, back, "Aucun membre ne correspond à ce filtre (les propriétaires ne sont jamais concernés).");
    if (members.length > BULK_MAX)
      return adminRefusal(request, back, `Plus de ${BULK_MAX} membres : affinez le filtre pour agir par lots.`);
    // The owner confirms a count; the confirmed request acts only if the filter still gives that count.
    const count = String(members.length);
    const typedOk = !everyone || (fields.typed ?? "").trim().toLocaleUpperCase("fr") === EVERY_MEMBER_CONFIRMATION;
    const scope = [filters.status ? MEMBER_STATUS_OPTIONS[filters.status] : "", filters.q ? `« ${filters.q} »` : ""]
      .filter(Boolean)
      .join(", ");
    const confirm = {
      question: `${BULK[what]} ${plural(members.length, "membre")} ?`,
      details: [
        everyone ? "Aucun filtre : l'action touche tous les membres du site (sauf les propriétaires)." : `Filtre : ${scope}.`,
        ...members.slice(0, 5).map((m) => `${m.name ? `${m.name} — ` : ""}${m.email}`),
        ...(members.length > 5 ? [`… et ${plural(members.length - 5, "autre")}.`] : []),
        ...(what === "delete" ? ["La suppression est définitive."] : []),
      ],
      fields: { intent, count },
      button: `${BULK[what]} ${plural(members.length, "membre")}`,
      ...(everyone
        ? {
            typed: EVERY_MEMBER_CONFIRMATION,
            ...(confirmed && !typedOk
              ? { typedError: `Tapez exactement « ${EVERY_MEMBER_CONFIRMATION} » pour agir sur tous les membres.` }
              : {}),
          }
        : {}),
    };
    if (confirmed && fields.count !== count)
      return adminRefusal(
        request,
        back,
        "La liste des membres a changé depuis votre demande : rien n'a été fait, vérifiez et recommencez.",
      );
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
  const what = intent as MemberAction;
  const id = (fields.memberId ?? "").slice(0, 100);
  if (!Object.hasOwn(DONE, what) || !id) return adminRefusal(request, back, "Action inconnue.");
  return runAdminAction(request, {
    redirectTo: back,
    confirmed,
    confirm:
      what === "delete"
        ? { question: `Supprimer définitivement le membre ${fields.email ?? ""} ?`, fields: { intent, memberId: id } }
        : undefined,
    run: async () => (await memberAction(admin, id, what), DONE[what]),
  });
}

function ActionButton({ member, intent, label }: { member: AdminMemberRow; intent: MemberAction; label: string }) {
  return (
    <Form method="post">
      <FormKey />
      <input type="hidden" name="memberId" value={member.id} />
      <input type="hidden" name="email" value={member.email} />
      <button type="submit" name="intent" value={intent} className="button small" aria-label={`${label} ${member.email}`}>
        {label}
      </button>
    </Form>
  );
}

const COLUMNS: StackColumn<AdminMemberRow>[] = [
  {
    header: "Membre",
    title: true,
    cell: (m) => (
      <>
        {m.name} <span className="admin-muted-text">{m.email}</span>
      </>
    ),
  },
  { header: "Statut", cell: (m) => `${m.statusLabel}${m.muted ? " · muet" : ""}` },
  { header: "Actions", cell: (m) => <MemberActions member={m} /> },
];

/** What the owner may do with a member: approve, block or unblock by status, mute or not; never disconnect or delete an owner. */
function MemberActions({ member: m }: { member: AdminMemberRow }) {
  return (
    <div className="admin-row-actions">
      {m.status === "PENDING" ? <ActionButton member={m} intent="approve" label="Approuver" /> : null}
      {m.status === "APPROVED" && !m.owner ? <ActionButton member={m} intent="block" label="Bloquer" /> : null}
      {m.status === "BLOCKED" ? <ActionButton member={m} intent="unblock" label="Débloquer" /> : null}
      {m.muted ? (
        <ActionButton member={m} intent="unmute" label="Rétablir" />
      ) : (
        <ActionButton member={m} intent="mute" label="Rendre muet" />
      )}
      {m.owner ? null : (
        <>
          <ActionButton member={m} intent="disconnect" label="Déconnecter" />
          <ActionButton member={m} intent="delete" label="Supprimer" />
        </>
      )}
    </div>
  );
}

export default function AdminMembers({ loaderData }: Route.ComponentProps) {
  const { filters, members, page, totalPages, total, hasNext } = loaderData;
  const confirm = useActionData<typeof action>();
  const pageLink = (p: number) => {
    const q = new URLSearchParams(Object.entries(filters).filter((e): e is [string, string] => !!e[1]));
    q.set("page", String(p));
    return `?${q}`;
  };
  return (
    <div className="admin-members">
      <h1>Membres</h1>
      <Form method="get" className="admin-filters" aria-label="Rechercher des membres">
        <FilterInput name="q" label="Nom ou e-mail (contient)" type="search" value={filters.q} maxLength={100} />
        <FilterSelect name="status" label="Statut" options={MEMBER_STATUS_OPTIONS} value={filters.status} />
        <button type="submit" className="button">
          Rechercher
        </button>
      </Form>
      {confirm && "confirm" in confirm ? <ConfirmPanel confirm={confirm.confirm} cancelTo={pageLink(page)} /> : null}
      <p>
        {total} membre{total > 1 ? "s" : ""}
      </p>
      <StackTable className="admin-table" caption="Membres du site" columns={COLUMNS} rows={members} />
      <nav className="pager" aria-label="Pages de membres">
        {page > 0 ? <Link to={pageLink(page - 1)}>Page précédente</Link> : null}{" "}
        <span>
          Page {page + 1} sur {Math.max(totalPages, 1)}
        </span>{" "}
        {hasNext ? <Link to={pageLink(page + 1)}>Page suivante</Link> : null}
      </nav>
      <Form method="post" className="admin-bulk" aria-label="Actions groupées sur le filtre">
        <FormKey />
        <p>
          Pour {filters.q || filters.status ? (total > 1 ? `les ${total} membres du filtre` : "le membre du filtre") : "tous les membres"}{" "}
          (propriétaires exclus), après confirmation :
        </p>
        {(Object.keys(BULK) as BulkMemberAction[]).map((b) => (
          <button key={b} type="submit" name="intent" value={`bulk-${b}`} className="button">
            {BULK[b]} tout
          </button>
        ))}
      </Form>
    </div>
  );
}
