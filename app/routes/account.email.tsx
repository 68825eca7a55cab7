import type { Route } from "./+types/account.email";
import { Field } from "~/components/Field";
import { AuthForm } from "~/components/account/AuthForm";
import { memberCommerceOf } from "~/.server/wix/commerce.server";
import { clearEmailChangeCookie, readEmailChange } from "~/.server/account/email-change.server";
import { redirectWithToast } from "~/.server/http/toast.server";
import { parseForm, refuseForm } from "~/.server/http/form.server";
import { failedAction } from "~/.server/wix/errors.server";
import { useFormAnswer } from "~/hooks/use-form-answer";
import { routeMeta } from "~/lib/meta";
import { verificationCode } from "~/models/identity-forms";
import { underAccount } from "~/lib/breadcrumb";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  routeMeta({ matches, location }, { title: "Confirmation de la nouvelle adresse e-mail" });

export const handle = { breadcrumb: underAccount("Nouvelle adresse e-mail", "/account/email") };

async function restart(request: Request) {
  return redirectWithToast(
    request,
    "/account",
    { type: "error", title: "Le code a expiré : changez à nouveau d'adresse e-mail pour en recevoir un nouveau." },
    { headers: { "Set-Cookie": await clearEmailChangeCookie(request) } },
  );
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
  return redirectWithToast(
    request,
    "/account",
    { type: "success", title: `Adresse de connexion changée : ${outcome.email}.` },
    { headers: { "Set-Cookie": await clearEmailChangeCookie(request) } },
  );
}

export default function EmailCode({ loaderData, actionData }: Route.ComponentProps) {
  const { busy, bind, formError } = useFormAnswer(actionData);
  return (
    <div className="narrow auth-page">
      <h1>Confirmez votre nouvelle adresse e-mail</h1>
      <p>
        Un code à 6 chiffres vient d'être envoyé à <strong>{loaderData.email}</strong>. Il est valable 15 minutes. Vous vous connecterez
        désormais avec cette adresse.
      </p>
      <AuthForm busy={busy} submitLabel="Confirmer" formError={formError} honeypot={false}>
        <Field label="Code de vérification" {...bind("code")} inputMode="numeric" autoComplete="one-time-code" required />
      </AuthForm>
    </div>
  );
}
