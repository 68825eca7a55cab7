import type { Route } from "./+types/account.logout";
import { commerceOf } from "~/.server/commerce.server";
import { logout } from "~/.server/auth.server";

// POST only: a GET (a link, a prefetch) must never log anyone out.
export async function action({ request, context }: Route.ActionArgs) {
  return logout(request, commerceOf(context));
}
