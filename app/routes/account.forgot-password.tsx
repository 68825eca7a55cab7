import { Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/account.forgot-password";
import { Field } from "~/components/Field";
import { AuthForm } from "~/components/account/AuthForm";
import { commerceOf } from "~/.server/wix/commerce.server";
import { checkHoneypot } from "~/.server/http/honeypot.server";
import { sendPasswordReset } from "~/.server/account/auth.server";
import { publicOrigin } from "~/.server/site/public-origin.server";
import { redirectWithToast } from "~/.server/http/toast.server";
import { failedAction } from "~/.server/wix/errors.server";
import { parseForm, refuseForm } from "~/.server/http/form.server";
import { useFormAnswer } from "~/hooks/use-form-answer";
import { routeMeta } from "~/lib/meta";
import { accountEmailField } from "~/models/identity-forms";

export const meta: Route.MetaFunction = ({ matches, location }) => routeMeta({ matches, location }, { title: "Mot de passe oublié" });

export const handle = { breadcrumb: () => ({ label: "Mot de passe oublié", to: "/account/forgot-password" }) };

const forgot = z.object({
  email: accountEmailField,
});

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  await checkHoneypot(form);
  const parsed = parseForm(forgot, form);
  if (!parsed.ok) return refuseForm(parsed);
  try {
    // After the new password is saved on the platform's page, the member lands on our login page.
    await sendPasswordReset(commerceOf(context), parsed.data.email, `${publicOrigin()}/account/login?reset=1`);
  } catch (error) {
    return failedAction(request, error, { redirectTo: "/account/forgot-password" });
  }
  // The same answer whether or not the address has an account: no one learns who is a member.
  return redirectWithToast(request, "/account/login", {
    type: "success",
    title: "Si un compte existe pour cette adresse, un e-mail avec un lien de réinitialisation vient d'être envoyé.",
  });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const { busy, bind } = useFormAnswer(actionData);
  return (
    <div className="narrow auth-page">
      <h1>Mot de passe oublié</h1>
      <p>Indiquez l'adresse e-mail de votre compte : nous vous enverrons un lien pour choisir un nouveau mot de passe.</p>
      <AuthForm busy={busy} submitLabel="Envoyer le lien">
        <Field label="E-mail" {...bind("email")} type="email" autoComplete="email" required />
      </AuthForm>
      <p>
        <Link to="/account/login">Retour à la connexion</Link>
      </p>
    </div>
  );
}
