import { data } from "react-router";
import type { Route } from "./+types/account.logout";
import { commerceOf } from "~/.server/wix/commerce.server";
import { logout } from "~/.server/account/auth.server";

// POST only: a GET (a link, a prefetch) must never log anyone out.
export async function action({ request, context }: Route.ActionArgs) {
  return logout(request, commerceOf(context));
}

export function loader() {
  throw data("Utilisez le bouton « Se déconnecter ».", { status: 405, headers: { Allow: "POST" } });
}
