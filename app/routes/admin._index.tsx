import { Link } from "react-router";
import type { Route } from "./+types/admin._index";
import { ownerOf } from "~/.server/admin/owner.server";
import { routeMeta } from "~/lib/meta";
import { AdminOrdersTable } from "~/components/admin/AdminOrdersTable";
import { Section } from "~/components/Section";
import { LOW_STOCK_MAX } from "~/models/shop-admin";

export const meta: Route.MetaFunction = ({ matches, location }) => routeMeta({ matches, location }, { title: "Administration" });

export async function loader({ context }: Route.LoaderArgs) {
  const owner = ownerOf(context);
  const [figures, handle, latest, pending, requests, quotes, stock] = await Promise.all([
    owner.dashboard.figures(),
    owner.dashboard.toHandle(),
    owner.orders.latest(5),
    owner.members.awaitingApproval(),
    owner.contact.list(),
    owner.quotes.board(),
    owner.dashboard.stock(),
  ]);
  return {
    figures,
    ...handle,
    latest: latest.orders,
    pending,
    newRequests: requests.filter((r) => r.status === "NEW").length,
    quotes,
    stock,
  };
}

const plural = (n: number, word: string) => `${n} ${word}${n > 1 ? "s" : ""}`;

type SalesPeriod = Route.ComponentProps["loaderData"]["figures"]["month"];

/** One period's takings and order count ("au moins" when the count stopped at the reading limit). */
function Sales({ label, period, atLeast }: { label: string; period: SalesPeriod; atLeast: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        {atLeast}
        {period.sales.formatted} <span className="admin-muted-text">{plural(period.orders, "commande")}</span>
      </dd>
    </div>
  );
}

function OrdersToHandle({
  id,
  title,
  orders,
  caption,
  empty,
}: {
  id: string;
  title: string;
  orders: Parameters<typeof AdminOrdersTable>[0]["orders"];
  caption: string;
  empty: string;
}) {
  return (
    <Section id={id} title={`${title} (${orders.length})`}>
      {orders.length ? <AdminOrdersTable orders={orders} caption={caption} /> : <p>{empty}</p>}
    </Section>
  );
}

type Stock = Route.ComponentProps["loaderData"]["stock"];

/** One stock list: each variant links to its product's page, where its stock is set. */
function StockList({ items, empty }: { items: NonNullable<Stock>["low"]; empty: string }) {
  if (!items.length) return <p>{empty}</p>;
  return (
    <ul>
      {items.map((s) => (
        <li key={`${s.productId}-${s.label}`}>
          <Link to={`/admin/products/${encodeURIComponent(s.productId)}#stock`}>
            {s.name}
            {s.label ? ` (${s.label})` : ""}
          </Link>{" "}
          : {s.quantity}
        </li>
      ))}
    </ul>
  );
}

function StockSection({ stock }: { stock: Stock }) {
  if (!stock)
    return (
      <Section id="stock" title="Stock">
        <p>Le stock ne peut pas être lu pour le moment : réessayez dans un instant.</p>
      </Section>
    );
  return (
    <>
      <Section id="out-of-stock" title={`En rupture (${stock.out.length})`}>
        <StockList items={stock.out} empty="Aucun article en rupture." />
      </Section>
      <Section id="low-stock" title={`Stock bas : ${LOW_STOCK_MAX} ou moins (${stock.low.length})`}>
        <StockList items={stock.low} empty="Aucun article en stock bas." />
      </Section>
    </>
  );
}

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const { figures, toCapture, toShip, toPrepare, toCollect, unpaidHolds, latest, pending, newRequests, quotes, stock } = loaderData;
  const atLeast = figures.truncated ? "au moins " : "";
  return (
    <div className="admin-home">
      <h1>Administration</h1>
      <section aria-labelledby="figures" className="admin-figures">
        <h2 id="figures" className="visually-hidden">
          Chiffres
        </h2>
        <dl>
          <div>
            <dt>Ventes du jour</dt>
            <dd>
              <ul className="admin-todo">
                <li>
                  Encaissé aujourd'hui : {atLeast}
                  {figures.today.cashed.formatted}
                </li>
                <li>
                  Remboursé aujourd'hui : {atLeast}
                  {figures.today.refunded.formatted}
                </li>
                <li>
                  Commandes passées aujourd'hui : {atLeast}
                  {plural(figures.today.orders, "commande")}, {figures.today.sales.formatted}
                </li>
              </ul>
            </dd>
          </div>
          <Sales label="Ventes du mois" period={figures.month} atLeast={atLeast} />
          <div>
            <dt>À traiter</dt>
            <dd>
              <ul className="admin-todo">
                <li>
                  <a href="#to-capture">{plural(toCapture.length, "paiement")} à encaisser</a>
                </li>
                <li>
                  <a href="#to-ship">{plural(toShip.length, "commande")} à expédier</a>
                </li>
                <li>
                  <a href="#to-prepare">{plural(toPrepare.length, "retrait")} à préparer</a>
                </li>
                <li>
                  <Link to="/admin/contact?statut=NEW">
                    {plural(newRequests, "demande")} de contact nouvelle{newRequests > 1 ? "s" : ""}
                  </Link>
                </li>
                <li>
                  <Link to="/admin/members?status=PENDING">{plural(pending.length, "inscription")} à approuver</Link>
                </li>
                <li>
                  <Link to="/admin/devis">{quotes.awaitingAnswer} devis en attente de réponse</Link>
                </li>
                <li>
                  <Link to="/admin/devis">
                    {quotes.awaitingDeposit} devis accepté{quotes.awaitingDeposit > 1 ? "s" : ""}, acompte attendu
                  </Link>
                </li>
                <li>
                  <Link to="/admin/devis">
                    {plural(quotes.balancesDue, "solde")} à encaisser, {plural(quotes.toInvoiceBalance, "solde")} à demander
                  </Link>
                </li>
                {stock ? (
                  <li>
                    <a href="#out-of-stock">{plural(stock.out.length, "article")} en rupture</a>,{" "}
                    <a href="#low-stock">{stock.low.length} en stock bas</a>
                  </li>
                ) : null}
              </ul>
            </dd>
          </div>
        </dl>
        <p className="admin-muted-text">
          Encaissé et remboursé : l'argent reçu et rendu ce jour, quel que soit le jour de la commande. Commandes et ventes du mois :
          montants payés des commandes de la période, remboursements déduits ; commandes annulées exclues. Jours à l'heure de Paris.
        </p>
      </section>
      <OrdersToHandle
        id="to-capture"
        title="Paiements à encaisser"
        orders={toCapture}
        caption="Commandes dont le paiement est autorisé"
        empty="Aucun paiement en attente."
      />
      <OrdersToHandle
        id="to-ship"
        title="Commandes à expédier"
        orders={toShip}
        caption="Commandes à envoyer par transporteur"
        empty="Aucune commande à expédier."
      />
      <OrdersToHandle
        id="to-prepare"
        title="Retraits à préparer"
        orders={toPrepare}
        caption="Commandes à retirer sur place, pas encore prêtes"
        empty="Aucun retrait à préparer."
      />
      {toCollect.length ? (
        <>
          <OrdersToHandle
            id="to-collect"
            title="Paiements à la livraison"
            orders={toCollect}
            caption="Commandes payables à la livraison, pas encore payées"
            empty=""
          />
          {unpaidHolds.length ? (
            <Section id="unpaid-holds" title="Stock retenu par des commandes non payées">
              <ul>
                {unpaidHolds.map((hold) => (
                  <li key={hold.product}>
                    {hold.product} : {plural(hold.units, "exemplaire")} ({plural(hold.orders, "commande")})
                  </li>
                ))}
              </ul>
              <p className="admin-muted-text">Hors de la vente jusqu'au paiement ou à l'expédition de ces commandes.</p>
            </Section>
          ) : null}
        </>
      ) : null}
      <StockSection stock={stock} />
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
