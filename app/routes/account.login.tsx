import { Form, Link, redirect } from "react-router";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import { z } from "zod";
import type { Route } from "./+types/account.login";
import { Field, fieldBinder } from "~/components/Field";
import { AuthForm } from "~/components/account/AuthForm";
import { commerceOf } from "~/.server/commerce.server";
import { safeReturnTo, startLogin } from "~/.server/auth.server";
import { checkHoneypot } from "~/.server/honeypot.server";
import { invalidForm, loginWithPassword, respondToOutcome } from "~/.server/member-auth.server";
import { useFormAnswer } from "~/lib/use-form-answer";
import { useResetKey } from "~/lib/use-reset-key";
import { parseForm } from "~/lib/forms";
import { routeMeta } from "~/lib/meta";
import { accountEmailField, passwordField } from "~/models/identity-forms";

export const meta: Route.MetaFunction = ({ matches, location }) => routeMeta({ matches, location }, { title: "Connexion" });

export const handle = { breadcrumb: () => ({ label: "Connexion", to: "/account/login" }) };

const passwordLogin = z.object({
  email: accountEmailField,
  password: passwordField,
});

export async function loader({ context, url }: Route.LoaderArgs) {
  const returnTo = safeReturnTo(url.searchParams.get("returnTo"));
  if (commerceOf(context).isMember) throw redirect(returnTo);
  return { returnTo, passwordChanged: url.searchParams.get("reset") === "1" };
}

/** Two ways in: the site's own e-mail/password form, or the platform's hosted login page (the header's button). */
export async function action({ request, context }: Route.ActionArgs) {
  const commerce = commerceOf(context);
  const form = await request.formData();
  await checkHoneypot(form);
  const returnTo = safeReturnTo(form.get("returnTo"));
  if (form.get("intent") !== "password") return startLogin(request, commerce, returnTo);

  const parsed = parseForm(passwordLogin, form);
  if (!parsed.ok) return invalidForm(parsed.fieldErrors, parsed.values);
  const outcome = await loginWithPassword(commerce, parsed.data.email, parsed.data.password);
  return respondToOutcome(request, commerce, outcome, { returnTo, email: parsed.data.email, values: parsed.values });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { busy, errors, values } = useFormAnswer(actionData);
  const passwordKey = useResetKey(actionData);
  const bind = fieldBinder(values, errors);
  return (
    <div className="narrow auth-page">
      <h1>Connexion</h1>
      {loaderData.passwordChanged ? (
        <p className="notice" role="status">
          Votre mot de passe a été modifié : connectez-vous avec le nouveau.
        </p>
      ) : null}
      <AuthForm
        busy={busy}
        submitLabel="Se connecter"
        formError={actionData?.formError}
        afterSubmit={
          <p>
            <Link to="/account/forgot-password">Mot de passe oublié ?</Link>
          </p>
        }
      >
        <input type="hidden" name="intent" value="password" />
        <input type="hidden" name="returnTo" value={loaderData.returnTo} />
        <Field label="E-mail" {...bind("email")} type="email" autoComplete="email" required />
        <Field
          key={`password-${passwordKey}`}
          label="Mot de passe"
          name="password"
          type="password"
          autoComplete="current-password"
          error={errors.password}
          required
        />
      </AuthForm>
      <p>
        Pas encore de compte ? <Link to={`/account/register?returnTo=${encodeURIComponent(loaderData.returnTo)}`}>Créer un compte</Link>
      </p>
      <Form method="post" className="alt-login">
        <HoneypotInputs label="Ne pas remplir ce champ" />
        <input type="hidden" name="returnTo" value={loaderData.returnTo} />
        <button type="submit" className="button-ghost">
          Utiliser la page de connexion de notre prestataire
        </button>
      </Form>
    </div>
  );
}
