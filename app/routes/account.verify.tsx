import { Link } from "react-router";
import type { Route } from "./+types/account.verify";
import { Field } from "~/components/Field";
import { AuthForm } from "~/components/account/AuthForm";
import { commerceOf } from "~/.server/wix/commerce.server";
import { clearVerificationCookie, readVerification, respondToOutcome, verifyCode } from "~/.server/account/auth.server";
import { redirectWithToast } from "~/.server/http/toast.server";
import { parseForm, refuseForm } from "~/.server/http/form.server";
import { useFormAnswer } from "~/hooks/use-form-answer";
import { routeMeta } from "~/lib/meta";
import { verificationCode } from "~/models/identity-forms";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  routeMeta({ matches, location }, { title: "Vérification de l'adresse e-mail" });

export const handle = { breadcrumb: () => ({ label: "Vérification", to: "/account/verify" }) };

async function restart(request: Request) {
  return redirectWithToast(
    request,
    "/account/login",
    { type: "error", title: "La vérification a expiré : recommencez l'inscription, ou connectez-vous, pour recevoir un nouveau code." },
    { headers: { "Set-Cookie": await clearVerificationCookie(request) } },
  );
}

export async function loader({ request }: Route.LoaderArgs) {
  const pending = await readVerification(request);
  if (!pending) throw await restart(request);
  return { email: pending.email };
}

export async function action({ request, context }: Route.ActionArgs) {
  const pending = await readVerification(request);
  if (!pending) return restart(request);
  const form = await request.formData();
  const parsed = parseForm(verificationCode, form);
  if (!parsed.ok) return refuseForm(parsed);
  const commerce = commerceOf(context);
  const outcome = await verifyCode(commerce, pending, parsed.data.code);
  if (outcome.kind === "expired") return restart(request);
  return respondToOutcome(request, commerce, outcome, { returnTo: pending.returnTo, email: pending.email, values: parsed.values });
}

export default function Verify({ loaderData, actionData }: Route.ComponentProps) {
  const { busy, bind, formError } = useFormAnswer(actionData);
  return (
    <div className="narrow auth-page">
      <h1>Vérifiez votre adresse e-mail</h1>
      <p>
        Un code à 6 chiffres vient d'être envoyé à <strong>{loaderData.email}</strong>. Il est valable 15 minutes.
      </p>
      <AuthForm busy={busy} submitLabel="Vérifier" formError={formError} honeypot={false}>
        <Field label="Code de vérification" {...bind("code")} inputMode="numeric" autoComplete="one-time-code" required />
      </AuthForm>
      <p>
        Pas reçu de code ? <Link to="/account/register">Recommencez l'inscription</Link> pour en recevoir un nouveau. Vous avez déjà un
        compte avec cette adresse ? <Link to="/account/login">Connectez-vous</Link> ou utilisez{" "}
        <Link to="/account/forgot-password">« Mot de passe oublié ? »</Link>.
      </p>
    </div>
  );
}
