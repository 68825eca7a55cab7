import type { Route } from "./+types/webhooks.wix";
import { receiveWebhook } from "~/.server/wix/webhooks.server";

// Wix webhooks (server to server, no Origin header, so the cross-site check lets them through).
export async function action({ request }: Route.ActionArgs) {
  return receiveWebhook(request);
}

export function loader() {
  return new Response("Méthode non autorisée.", { status: 405, headers: { allow: "POST" } });
}
