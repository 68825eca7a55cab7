import { Form, Link, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/admin.orders._index";
import { ownerOf } from "~/.server/admin/owner.server";
import { AdminOrdersTable } from "~/components/admin/AdminOrdersTable";
import { ConfirmPanel } from "~/components/admin/Confirm";
import { FilterInput, FilterSelect } from "~/components/admin/Filters";
import { routeMeta } from "~/lib/meta";
import { FULFILLMENT_STATUS_OPTIONS, ORDER_STATUS_OPTIONS, PAYMENT_STATUS_OPTIONS } from "~/models/admin";
import { FormKey } from "~/components/FormKey";
import { Field } from "~/components/Field";
import { fieldProps, formAnswerOf } from "~/models/form-answer";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  routeMeta({ matches, location }, { title: "Commandes — Administration" });

export const handle = { breadcrumb: () => ({ label: "Commandes", to: "/admin/orders" }) };

const MAX_CURSOR = 200;

export async function loader({ context, url }: Route.LoaderArgs) {
  const cursor = url.searchParams.get("cursor")?.slice(0, MAX_CURSOR) || undefined;
  return ownerOf(context).orders.list(url.searchParams, cursor);
}

export async function action({ request, context, url }: Route.ActionArgs) {
  return ownerOf(context).orders.tag(request, url.pathname + url.search);
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { filters, orders, next, prev } = loaderData;
  const answer = useActionData<typeof action>();
  const confirm = answer && "confirm" in answer ? answer.confirm : undefined;
  const tagAnswer = formAnswerOf(answer);
  const busy = useNavigation().state === "submitting";
  const query = (cursor: string) => {
    const p = new URLSearchParams(Object.entries(filters).filter((e): e is [string, string] => !!e[1]));
    p.set("cursor", cursor);
    return `?${p}`;
  };
  return (
    <div className="admin-orders">
      <h1>Commandes</h1>
      <Form method="get" className="admin-filters" aria-label="Filtrer les commandes">
        <FilterInput
          name="q"
          label="N°, e-mail ou nom du client"
          type="search"
          value={filters.q}
          maxLength={100}
          placeholder="10012, lea@…, Léa Garnier"
        />
        <FilterSelect name="status" label="Statut" options={ORDER_STATUS_OPTIONS} value={filters.status} />
        <FilterSelect name="paymentStatus" label="Paiement" options={PAYMENT_STATUS_OPTIONS} value={filters.paymentStatus} />
        <FilterSelect name="fulfillmentStatus" label="Expédition" options={FULFILLMENT_STATUS_OPTIONS} value={filters.fulfillmentStatus} />
        <FilterInput name="tag" label="Étiquette" value={filters.tag} maxLength={40} />
        <FilterInput name="from" label="Du" type="date" value={filters.from} />
        <FilterInput name="to" label="Au" type="date" value={filters.to} />
        <button type="submit" className="button">
          Filtrer
        </button>
      </Form>
      {confirm ? <ConfirmPanel confirm={confirm} cancelTo="/admin/orders" /> : null}
      {orders.length ? (
        <AdminOrdersTable orders={orders} caption="Commandes, de la plus récente à la plus ancienne" select="bulk-tags" />
      ) : (
        <p>Aucune commande ne correspond à ces filtres.</p>
      )}
      <nav className="pager" aria-label="Pages de commandes">
        {prev ? <Link to={query(prev)}>Page précédente</Link> : null} {next ? <Link to={query(next)}>Page suivante</Link> : null}
      </nav>
      <form method="get" action="/admin/orders/export.csv" className="admin-filters admin-export" aria-label="Exporter les commandes (CSV)">
        <FilterInput name="from" label="Export du" type="date" value={filters.from} required id="export-from" />
        <FilterInput name="to" label="au" type="date" value={filters.to} required id="export-to" />
        <button type="submit" className="button">
          Exporter en CSV
        </button>
      </form>
      <Form method="post" id="bulk-tags" className="admin-bulk" aria-label="Étiquettes des commandes sélectionnées">
        <FormKey />
        {tagAnswer?.formError ? <p className="field-error">{tagAnswer.formError}</p> : null}
        <Field label="Étiquette pour la sélection" maxLength={40} required {...fieldProps(tagAnswer, "tag")} />
        <button type="submit" name="intent" value="tag-add" className="button" disabled={busy}>
          Ajouter l'étiquette
        </button>
        <button type="submit" name="intent" value="tag-remove" className="button" disabled={busy}>
          Retirer l'étiquette
        </button>
      </Form>
    </div>
  );
}
