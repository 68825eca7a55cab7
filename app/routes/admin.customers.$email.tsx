import { Link } from "react-router";
import type { Route } from "./+types/admin.customers.$email";
import { ownerOf } from "~/.server/admin/owner.server";
import { AdminOrdersTable } from "~/components/admin/AdminOrdersTable";
import { ReplyAddress } from "~/components/admin/ReplyAddress";
import { Facts } from "~/components/Facts";
import { Section } from "~/components/Section";
import { routeMeta } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches, location, data }) =>
  routeMeta({ matches, location }, { title: data ? `${data.customer.name || data.customer.email} — Clients` : "Client — Administration" });

export const handle = {
  breadcrumb: (match: { pathname: string; loaderData?: unknown }) => {
    const customer = (match.loaderData as { customer?: { email: string } } | undefined)?.customer;
    return customer ? { label: `Client ${customer.email}`, to: match.pathname } : null;
  },
};

export async function loader({ context, params }: Route.LoaderArgs) {
  return { customer: await ownerOf(context).customers.view(params.email) };
}

const dateFormat = new Intl.DateTimeFormat("fr-FR", { dateStyle: "medium", timeZone: "Europe/Paris" });

export default function AdminCustomer({ loaderData }: Route.ComponentProps) {
  const { customer } = loaderData;
  return (
    <div className="admin-customer">
      <h1>{customer.name || customer.email}</h1>
      <Facts
        className="admin-facts"
        facts={[
          ["E-mail", <ReplyAddress key="e" email={customer.email} />],
          ["Compte", customer.member ? `Membre (${customer.member.statusLabel})` : "Sans compte (achats en invité)"],
          ["Membre depuis", customer.member?.createdDate ? dateFormat.format(new Date(customer.member.createdDate)) : null],
          ["Commandes", String(customer.orders.length)],
        ]}
      />
      <Section id="customer-orders" title={`Commandes (${customer.orders.length})`}>
        {customer.orders.length ? (
          <AdminOrdersTable orders={customer.orders} caption={`Commandes de ${customer.email}`} />
        ) : (
          <p>Aucune commande.</p>
        )}
      </Section>
      <Section id="customer-requests" title={`Demandes de contact (${customer.requests.length})`}>
        {customer.requests.length ? (
          <ul>
            {customer.requests.map((r) => (
              <li key={r.id}>
                {r.createdDate ? `${dateFormat.format(new Date(r.createdDate))} — ` : ""}
                {r.subject} ({r.status})
              </li>
            ))}
          </ul>
        ) : (
          <p>Aucune demande de contact.</p>
        )}
        <p>
          <Link to="/admin/contact">Toutes les demandes</Link>
        </p>
      </Section>
    </div>
  );
}
