import { Form, Link } from "react-router";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import type { Route } from "./+types/account.login";
import { Field } from "~/components/Field";
import { AuthForm } from "~/components/account/AuthForm";
import { PasswordField } from "~/components/account/PasswordField";
import { commerceOf } from "~/.server/wix/commerce.server";
import { guestReturnTo, loginWithPassword, startLogin } from "~/.server/account/auth.server";
import { checkHoneypot } from "~/.server/http/honeypot.server";
import { useFormAnswer } from "~/hooks/use-form-answer";
import { routeMeta } from "~/lib/meta";
import { FormKey } from "~/components/FormKey";

export const meta: Route.MetaFunction = ({ matches, location }) => routeMeta({ matches, location }, { title: "Connexion" });

export const handle = { breadcrumb: () => ({ label: "Connexion", to: "/account/login" }) };

export async function loader({ context, url }: Route.LoaderArgs) {
  return { returnTo: guestReturnTo(commerceOf(context), url), passwordChanged: url.searchParams.get("reset") === "1" };
}

/**
 * Two ways in (the whole flow is in app/.server/account/auth.server.ts): the site's own e-mail/password form ("direct
 * login"), or the platform's hosted login page (the button below the form, and the header's).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  await checkHoneypot(form);
  const commerce = commerceOf(context);
  if (form.get("intent") === "password") return loginWithPassword(request, commerce, form);
  return startLogin(request, commerce, form.get("returnTo"));
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { busy, bind, formError } = useFormAnswer(actionData);
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
        formError={formError}
        afterSubmit={
          <p>
            <Link to="/account/forgot-password">Mot de passe oublié ?</Link>
          </p>
        }
      >
        <input type="hidden" name="intent" value="password" />
        <input type="hidden" name="returnTo" value={loaderData.returnTo} />
        <Field label="E-mail" {...bind("email")} type="email" autoComplete="email" required />
        <PasswordField label="Mot de passe" {...bind("password")} autoComplete="current-password" answer={actionData} />
      </AuthForm>
      <p>
        Pas encore de compte ? <Link to={`/account/register?returnTo=${encodeURIComponent(loaderData.returnTo)}`}>Créer un compte</Link>
      </p>
      <Form method="post" className="alt-login">
        <FormKey />
        <HoneypotInputs label="Ne pas remplir ce champ" />
        <input type="hidden" name="returnTo" value={loaderData.returnTo} />
        <button type="submit" className="button-ghost">
          Utiliser la page de connexion de notre prestataire
        </button>
      </Form>
    </div>
  );
}
