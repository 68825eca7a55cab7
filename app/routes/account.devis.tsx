import { Link } from "react-router";
import type { Route } from "./+types/account.devis";
import { memberCommerceOf } from "~/.server/wix/commerce.server";
import type { StackColumn } from "~/components/StackTable";
import { MemberList } from "~/components/account/MemberList";
import { routeMeta } from "~/lib/meta";
import type { MemberQuote } from "~/models/quote";
import { underAccount } from "~/lib/breadcrumb";
import { parisLongDate } from "~/lib/dates";

export const meta: Route.MetaFunction = ({ matches, location }) => routeMeta({ matches, location }, { title: "Mes devis" });

export const handle = { breadcrumb: underAccount("Mes devis", "/account/devis") };

/** The quotes sent to the member's proved login e-mail, each with the link its e-mail carries. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const commerce = memberCommerceOf(context, url);
  return { quotes: await commerce.member.quotes() };
}

const COLUMNS: StackColumn<MemberQuote>[] = [
  {
    header: "Devis",
    title: true,
    cell: (q) => (
      <a href={q.link}>
        Devis {q.number}
        {q.version > 1 ? ` (version ${q.version})` : ""}
      </a>
    ),
  },
  { header: "Envoyé le", cell: (q) => parisLongDate.format(new Date(q.sentAt)) },
  { header: "Pour", cell: (q) => q.client },
  { header: "Total TTC", cell: (q) => q.total },
  { header: "Statut", cell: (q) => q.status },
];

export default function MemberQuotes({ loaderData }: Route.ComponentProps) {
  return (
    <MemberList
      title="Mes devis"
      caption="Vos devis, du plus récent au plus ancien"
      columns={COLUMNS}
      rows={loaderData.quotes}
      empty={
        <>
          Aucun devis n'a été envoyé à votre adresse e-mail. <Link to="/contact">Demander un devis</Link>
        </>
      }
    />
  );
}
