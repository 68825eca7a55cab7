import type { Route } from "./+types/account.email";
import { CodeStep } from "~/components/account/CodeStep";
import { memberCommerceOf } from "~/.server/wix/commerce.server";
import { clearEmailChangeCookie, readEmailChange } from "~/.server/account/email-change.server";
import { endCodeStep } from "~/.server/account/code-step.server";
import { parseForm, refuseForm } from "~/.server/http/form.server";
import { failedAction } from "~/.server/wix/errors.server";
import { routeMeta } from "~/lib/meta";
import { verificationCode } from "~/models/identity-forms";
import { underAccount } from "~/lib/breadcrumb";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  routeMeta({ matches, location }, { title: "Confirmation de la nouvelle adresse e-mail" });

export const handle = { breadcrumb: underAccount("Nouvelle adresse e-mail", "/account/email") };

async function restart(request: Request) {
  const title = "Le code a expiré : changez à nouveau d'adresse e-mail pour en recevoir un nouveau.";
  return endCodeStep(request, "/account", { type: "error", title }, await clearEmailChangeCookie(request));
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { id } = await memberCommerceOf(context, url).member.profile();
  const pending = await readEmailChange(request, id);
  if (!pending) throw await restart(request);
  return { email: pending.email };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const commerce = memberCommerceOf(context, url);
  const pending = await readEmailChange(request, (await commerce.member.profile()).id);
  if (!pending) return restart(request);
  const parsed = parseForm(verificationCode, await request.formData());
  if (!parsed.ok) return refuseForm(parsed);
  let outcome;
  try {
    outcome = await commerce.member.confirmEmailChange(pending, parsed.data.code);
  } catch (error) {
    return failedAction(request, error, { redirectTo: "/account/email", values: parsed.values });
  }
  if (outcome.kind === "expired") return restart(request);
  if (outcome.kind === "wrong") return refuseForm({ values: parsed.values, fieldErrors: { code: outcome.message } });
  const title = `Adresse de connexion changée : ${outcome.email}.`;
  return endCodeStep(request, "/account", { type: "success", title }, await clearEmailChangeCookie(request));
}

export default function EmailCode({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CodeStep
      title="Confirmez votre nouvelle adresse e-mail"
      email={loaderData.email}
      note="Vous vous connecterez désormais avec cette adresse."
      submitLabel="Confirmer"
      actionData={actionData}
    />
  );
}
