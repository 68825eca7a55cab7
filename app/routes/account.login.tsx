import type { Route } from "./+types/account.login";
import { commerceOf } from "~/.server/commerce.server";
import { startLogin } from "~/.server/auth.server";
import { checkHoneypot } from "~/.server/honeypot.server";

// Both a link (GET, e.g. from members-only pages) and the header's POST form start a login.
export async function loader({ request, context }: Route.LoaderArgs) {
  return startLogin(request, commerceOf(context), new URL(request.url).searchParams.get("returnTo"));
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  await checkHoneypot(form);
  return startLogin(request, commerceOf(context), form.get("returnTo"));
}
