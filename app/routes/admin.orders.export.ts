import type { Route } from "./+types/admin.orders.export";
import { EXPORT_MAX_ORDERS, exportOrders } from "~/.server/admin/orders-export.server";
import { validDay } from "~/lib/paris-days";
import { elevatedClientOf } from "~/.server/admin/owner.server";
import { redirectWithToast } from "~/.server/http/toast.server";

/** GET /admin/orders/export.csv?from=…&to=…: the orders of a period as a CSV for the accountant (a download). */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const admin = elevatedClientOf(context);
  const from = validDay(url.searchParams.get("from"));
  const to = validDay(url.searchParams.get("to"));
  if (!from || !to || from > to)
    return redirectWithToast(request, "/admin/orders", {
      type: "error",
      title: "Période d'export invalide : choisissez une date de début et une date de fin (début ≤ fin).",
    });
  const result = await exportOrders(admin, from, to);
  if (!result)
    return redirectWithToast(request, "/admin/orders", {
      type: "error",
      title: `Plus de ${EXPORT_MAX_ORDERS} commandes sur cette période : exportez-la en plusieurs fois.`,
    });
  return new Response(result.csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="commandes-${from}-au-${to}.csv"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
