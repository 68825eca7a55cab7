import { Link } from "react-router";
import type { Route } from "./+types/account.orders._index";
import { memberCommerceOf } from "~/.server/wix/commerce.server";
import type { StackColumn } from "~/components/StackTable";
import { MemberList } from "~/components/account/MemberList";
import { routeMeta } from "~/lib/meta";
import type { MemberOrder } from "~/models/order";
import { underAccount } from "~/lib/breadcrumb";
import { parisLongDate } from "~/lib/dates";

export const meta: Route.MetaFunction = ({ matches, location }) => routeMeta({ matches, location }, { title: "Mes commandes" });

export const handle = { breadcrumb: underAccount("Mes commandes", "/account/orders") };

export async function loader({ context, url }: Route.LoaderArgs) {
  const commerce = memberCommerceOf(context, url);
  return { orders: await commerce.member.orders() };
}

const COLUMNS: StackColumn<MemberOrder>[] = [
  { header: "Commande", title: true, cell: (o) => <Link to={`/account/orders/${encodeURIComponent(o.id)}`}>N° {o.number}</Link> },
  { header: "Date", cell: (o) => (o.createdDate ? parisLongDate.format(new Date(o.createdDate)) : "") },
  { header: "Total", cell: (o) => o.total.formatted },
  { header: "Statut", cell: (o) => o.statusLabel },
  { header: "Paiement", cell: (o) => o.paymentStatusLabel },
  // Nothing is shipped for downloads only: the cell stays empty.
  { header: "Expédition", cell: (o) => (o.digitalOnly ? null : o.fulfillmentStatusLabel) },
];

export default function Orders({ loaderData }: Route.ComponentProps) {
  return (
    <MemberList
      title="Mes commandes"
      caption="Vos commandes, de la plus récente à la plus ancienne"
      columns={COLUMNS}
      rows={loaderData.orders}
      empty={
        <>
          Vous n'avez pas encore passé de commande. <Link to="/products">Découvrir la boutique</Link>
        </>
      }
    />
  );
}
