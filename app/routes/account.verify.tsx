import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/account.verify";
import { Field } from "~/components/Field";
import { FormError } from "~/components/FormError";
import { commerceOf } from "~/.server/commerce.server";
import { clearVerificationCookie, invalidForm, readVerification, respondToOutcome, verifyCode } from "~/.server/member-auth.server";
import { redirectWithToast } from "~/.server/toast.server";
import { parseForm } from "~/lib/forms";
import { routeMeta } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  routeMeta({ matches, location }, { title: "Vérification de l'adresse e-mail" });

export const handle = { breadcrumb: () => ({ label: "Vérification", to: "/account/verify" }) };

const codeForm = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "Le code contient 6 chiffres."),
});

async function restart(request: Request) {
  return redirectWithToast(
    request,
    "/account/login",
    { type: "error", title: "La vérification a expiré : connectez-vous pour recevoir un nouveau code." },
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
  const parsed = parseForm(codeForm, form);
  if (!parsed.ok) return invalidForm(parsed.fieldErrors, parsed.values);
  const commerce = commerceOf(context);
  const outcome = await verifyCode(commerce, pending.stateToken, parsed.data.code);
  if (outcome.kind === "expired") return restart(request);
  return respondToOutcome(request, commerce, outcome, { returnTo: pending.returnTo, email: pending.email, values: parsed.values });
}

export default function Verify({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const errors = (actionData?.fieldErrors ?? {}) as Record<string, string>;
  return (
    <div className="narrow auth-page">
      <h1>Vérifiez votre adresse e-mail</h1>
      <p>
        Un code à 6 chiffres vient d'être envoyé à <strong>{loaderData.email}</strong>. Il est valable 15 minutes.
      </p>
      <Form method="post" noValidate className="card">
        <FormError message={actionData?.formError} />
        <Field
          label="Code de vérification"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          defaultValue={(actionData?.values as Record<string, string> | undefined)?.code}
          error={errors.code}
          required
        />
        <button type="submit" disabled={busy}>
          Vérifier
        </button>
      </Form>
      <p>
        Pas reçu de code ? <Link to="/account/login">Reconnectez-vous</Link> pour en recevoir un nouveau.
      </p>
    </div>
  );
}
