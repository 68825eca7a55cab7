import type { Route } from "./+types/admin.orders.export";
import { ownerOf } from "~/.server/admin/owner.server";

/** GET /admin/orders/export.csv?from=…&to=…: the orders of a period as a CSV for the accountant (a download). */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  return ownerOf(context).orders.exportCsv(request, url.searchParams);
}
