import { Link } from "react-router";
import type { Route } from "./+types/admin._index";
import { searchOrders } from "~/.server/admin-orders.server";
import { membersAwaitingApproval } from "~/.server/admin-members.server";
import { elevatedClientOf } from "~/.server/owner.server";
import { routeMeta } from "~/lib/meta";
import { AdminOrdersTable } from "~/components/admin/AdminOrdersTable";
import { Section } from "~/components/Section";

export const meta: Route.MetaFunction = ({ matches, location }) => routeMeta({ matches, location }, { title: "Administration" });

export async function loader({ context }: Route.LoaderArgs) {
  const admin = elevatedClientOf(context);
  const [toCapture, toFulfil, latest, pending] = await Promise.all([
    searchOrders(admin, { paymentStatus: "PENDING", status: "APPROVED" }, undefined, 10),
    searchOrders(admin, { fulfillmentStatus: "NOT_FULFILLED", status: "APPROVED" }, undefined, 10),
    searchOrders(admin, {}, undefined, 5),
    membersAwaitingApproval(admin),
  ]);
  return { toCapture: toCapture.orders, toFulfil: toFulfil.orders, latest: latest.orders, pending };
}

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const { toCapture, toFulfil, latest, pending } = loaderData;
  return (
    <div className="admin-home">
      <h1>Administration</h1>
      <Section id="to-capture" title={`Paiements à encaisser (${toCapture.length})`}>
        {toCapture.length ? (
          <AdminOrdersTable orders={toCapture} caption="Commandes dont le paiement est autorisé" />
        ) : (
          <p>Aucun paiement en attente.</p>
        )}
      </Section>
      <Section id="to-fulfil" title={`Commandes à expédier (${toFulfil.length})`}>
        {toFulfil.length ? <AdminOrdersTable orders={toFulfil} caption="Commandes non expédiées" /> : <p>Aucune commande à expédier.</p>}
      </Section>
      <Section id="pending-members" title={`Inscriptions à approuver (${pending.length})`}>
        {pending.length ? (
          <ul>
            {pending.map((m) => (
              <li key={m.id}>
                {m.name} ({m.email})
              </li>
            ))}
          </ul>
        ) : (
          <p>Aucune inscription en attente.</p>
        )}
        <p>
          <Link to="/admin/members?status=PENDING">Gérer les inscriptions</Link>
        </p>
      </Section>
      <Section id="latest" title="Dernières commandes">
        <AdminOrdersTable orders={latest} caption="Les cinq dernières commandes" />
        <p>
          <Link to="/admin/orders">Toutes les commandes</Link>
        </p>
      </Section>
    </div>
  );
}
