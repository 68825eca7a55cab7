import { Link } from "react-router";
import type { Route } from "./+types/admin._index";
import { ownerOf } from "~/.server/admin/owner.server";
import { routeMeta } from "~/lib/meta";
import { AdminOrdersTable } from "~/components/admin/AdminOrdersTable";
import { Section } from "~/components/Section";

export const meta: Route.MetaFunction = ({ matches, location }) => routeMeta({ matches, location }, { title: "Administration" });

export async function loader({ context }: Route.LoaderArgs) {
  const owner = ownerOf(context);
  const [figures, handle, latest, pending, requests, quotes] = await Promise.all([
    owner.dashboard.figures(),
    owner.dashboard.toHandle(),
    owner.orders.latest(5),
    owner.members.awaitingApproval(),
    owner.contact.list(),
    owner.quotes.board(),
  ]);
  return {
    figures,
    ...handle,
    latest: latest.orders,
    pending,
    newRequests: requests.filter((r) => r.status === "NEW").length,
    quotes,
  };
}

const plural = (n: number, word: string) => `${n} ${word}${n > 1 ? "s" : ""}`;

type SalesPeriod = Route.ComponentProps["loaderData"]["figures"]["today"];

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

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const { figures, toCapture, toShip, toPrepare, toCollect, unpaidHolds, latest, pending, newRequests, quotes } = loaderData;
  const atLeast = figures.truncated ? "au moins " : "";
  return (
    <div className="admin-home">
      <h1>Administration</h1>
      <section aria-labelledby="figures" className="admin-figures">
        <h2 id="figures" className="visually-hidden">
          Chiffres
        </h2>
        <dl>
          <Sales label="Ventes du jour" period={figures.today} atLeast={atLeast} />
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
              </ul>
            </dd>
          </div>
        </dl>
        <p className="admin-muted-text">
          Ventes : montants payés, remboursements déduits ; commandes annulées exclues. Jours à l'heure de Paris.
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
