import { Link } from "react-router";
import type { Route } from "./+types/admin.products._index";
import { ownerOf } from "~/.server/admin/owner.server";
import { stockText } from "~/components/admin/StockSummary";
import { StackTable, type StackColumn } from "~/components/StackTable";
import { routeMeta } from "~/lib/meta";
import type { AdminProductRow } from "~/models/shop-admin";

export const meta: Route.MetaFunction = ({ matches, location }) => routeMeta({ matches, location }, { title: "Produits — Administration" });

export const handle = { breadcrumb: () => ({ label: "Produits", to: "/admin/products" }) };

export async function loader({ context }: Route.LoaderArgs) {
  return { products: await ownerOf(context).products.list() };
}

const COLUMNS: StackColumn<AdminProductRow>[] = [
  { header: "Produit", title: true, cell: (p) => <Link to={`/admin/products/${encodeURIComponent(p.id)}`}>{p.name}</Link> },
  { header: "Visibilité", cell: (p) => (p.visible ? "Visible" : "Masqué") },
  {
    header: "Prix",
    cell: (p) => (
      <>
        {p.price.formatted}
        {p.compareAt ? (
          <>
            {" "}
            <s className="admin-muted-text">{p.compareAt.formatted}</s>
          </>
        ) : null}
      </>
    ),
  },
  { header: "Ruban", cell: (p) => p.ribbon || "—" },
  { header: "Stock", cell: (p) => stockText(p.stock) },
];

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  const { products } = loaderData;
  return (
    <div className="admin-products">
      <h1>Produits</h1>
      <p>
        {products.length} produit{products.length > 1 ? "s" : ""}, masqués compris. Le prix, le ruban, la visibilité et le stock se changent
        sur la page de chaque produit ; la boutique les montre aussitôt.
      </p>
      <StackTable className="admin-table" caption="Produits de la boutique" columns={COLUMNS} rows={products} />
    </div>
  );
}
