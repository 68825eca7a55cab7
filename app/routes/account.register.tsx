import { Link } from "react-router";
import type { Route } from "./+types/account.register";
import { Field } from "~/components/Field";
import { AuthForm } from "~/components/account/AuthForm";
import { PasswordField } from "~/components/account/PasswordField";
import { commerceOf } from "~/.server/wix/commerce.server";
import { guestReturnTo, registerMember } from "~/.server/account/auth.server";
import { orderPrefill } from "~/.server/checkout/checkout.server";
import { checkHoneypot } from "~/.server/http/honeypot.server";
import { useFormAnswer } from "~/hooks/use-form-answer";
import { routeMeta } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches, location }) => routeMeta({ matches, location }, { title: "Créer un compte" });

export const handle = { breadcrumb: () => ({ label: "Créer un compte", to: "/account/register" }) };

export async function loader({ context, url }: Route.LoaderArgs) {
  const commerce = commerceOf(context);
  return { returnTo: guestReturnTo(commerce, url), prefill: await orderPrefill(commerce, url.searchParams.get("commande")) };
}

/** The sign-up form: the same flow as direct login (app/.server/account/auth.server.ts), with Wix's register call. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  await checkHoneypot(form);
  return registerMember(request, commerceOf(context), form);
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const { busy, bind, formError } = useFormAnswer(actionData);
  const { prefill } = loaderData;
  return (
    <div className="narrow auth-page">
      <h1>Créer un compte</h1>
      <AuthForm busy={busy} submitLabel="Créer mon compte" formError={formError}>
        <input type="hidden" name="returnTo" value={loaderData.returnTo} />
        <Field label="Prénom" {...bind("firstName", prefill.firstName)} autoComplete="given-name" required />
        <Field label="Nom" {...bind("lastName", prefill.lastName)} autoComplete="family-name" required />
        <Field label="E-mail" {...bind("email", prefill.email)} type="email" autoComplete="email" required />
        <PasswordField label="Mot de passe" {...bind("password")} autoComplete="new-password" minLength={8} answer={actionData} />
        <PasswordField label="Confirmer le mot de passe" {...bind("confirm")} autoComplete="new-password" answer={actionData} />
      </AuthForm>
      <p>
        Déjà un compte ? <Link to={`/account/login?returnTo=${encodeURIComponent(loaderData.returnTo)}`}>Se connecter</Link>
      </p>
    </div>
  );
}
