import { Link } from "react-router";
import type { Route } from "./+types/account.verify";
import { CodeStep } from "~/components/account/CodeStep";
import { commerceOf } from "~/.server/wix/commerce.server";
import { clearVerificationCookie, readVerification, respondToOutcome, verifyCode } from "~/.server/account/auth.server";
import { endCodeStep } from "~/.server/account/code-step.server";
import { parseForm, refuseForm } from "~/.server/http/form.server";
import { routeMeta } from "~/lib/meta";
import { verificationCode } from "~/models/identity-forms";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  routeMeta({ matches, location }, { title: "Vérification de l'adresse e-mail" });

export const handle = { breadcrumb: () => ({ label: "Vérification", to: "/account/verify" }) };

async function restart(request: Request) {
  const title = "La vérification a expiré : recommencez l'inscription, ou connectez-vous, pour recevoir un nouveau code.";
  return endCodeStep(request, "/account/login", { type: "error", title }, await clearVerificationCookie(request));
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
  return (
    <CodeStep title="Vérifiez votre adresse e-mail" email={loaderData.email} submitLabel="Vérifier" actionData={actionData}>
      <p>
        Pas reçu de code ? <Link to="/account/register">Recommencez l'inscription</Link> pour en recevoir un nouveau. Vous avez déjà un
        compte avec cette adresse ? <Link to="/account/login">Connectez-vous</Link> ou utilisez{" "}
        <Link to="/account/forgot-password">« Mot de passe oublié ? »</Link>.
      </p>
    </CodeStep>
  );
}
