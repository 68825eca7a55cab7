import { Form, Link, useActionData } from "react-router";
import type { Route } from "./+types/admin.members";
import { ownerOf } from "~/.server/admin/owner.server";
import { ConfirmPanel } from "~/components/admin/Confirm";
import { RowAction } from "~/components/admin/RowAction";
import { FilterInput, FilterSelect } from "~/components/admin/Filters";
import { StackTable, type StackColumn } from "~/components/StackTable";
import { routeMeta } from "~/lib/meta";
import { type AdminMemberRow, BULK_MEMBER_LABELS as BULK, type BulkMemberAction, MEMBER_STATUS_OPTIONS } from "~/models/admin";
import { FormKey } from "~/components/FormKey";

export const meta: Route.MetaFunction = ({ matches, location }) => routeMeta({ matches, location }, { title: "Membres — Administration" });

export const handle = { breadcrumb: () => ({ label: "Membres", to: "/admin/members" }) };

export async function loader({ context, url }: Route.LoaderArgs) {
  const page = Math.min(Math.max(Number.parseInt(url.searchParams.get("page") ?? "0", 10) || 0, 0), 10_000);
  return ownerOf(context).members.search(url.searchParams, page);
}

export async function action({ request, context, url }: Route.ActionArgs) {
  return ownerOf(context).members.act(request, url);
}

type MemberAction = "approve" | "block" | "unblock" | "mute" | "unmute" | "disconnect" | "delete";

function ActionButton({ member, intent, label }: { member: AdminMemberRow; intent: MemberAction; label: string }) {
  return <RowAction intent={intent} label={label} subject={member.email} fields={{ memberId: member.id, email: member.email }} />;
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
