import { Link, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/account.register";
import { Field, fieldBinder } from "~/components/Field";
import { AuthForm } from "~/components/account/AuthForm";
import { commerceOf } from "~/.server/commerce.server";
import { safeReturnTo } from "~/.server/auth.server";
import { checkHoneypot } from "~/.server/honeypot.server";
import { invalidForm, registerMember, respondToOutcome } from "~/.server/member-auth.server";
import { useFormAnswer } from "~/lib/use-form-answer";
import { useResetKey } from "~/lib/use-reset-key";
import { parseForm, textField } from "~/lib/forms";
import { routeMeta } from "~/lib/meta";
import { accountEmailField, newPasswordField } from "~/models/identity-forms";

export const meta: Route.MetaFunction = ({ matches, location }) => routeMeta({ matches, location }, { title: "Créer un compte" });

export const handle = { breadcrumb: () => ({ label: "Créer un compte", to: "/account/register" }) };

const registration = z
  .object({
    firstName: textField("Le prénom", 60),
    lastName: textField("Le nom", 60),
    email: accountEmailField,
    password: newPasswordField,
    confirm: z.string(),
  })
  .refine((v) => v.password === v.confirm, { path: ["confirm"], message: "Les deux mots de passe ne sont pas identiques." });

export async function loader({ context, url }: Route.LoaderArgs) {
  const returnTo = safeReturnTo(url.searchParams.get("returnTo"));
  if (commerceOf(context).isMember) throw redirect(returnTo);
  return { returnTo };
}

export async function action({ request, context }: Route.ActionArgs) {
  const commerce = commerceOf(context);
  const form = await request.formData();
  await checkHoneypot(form);
  const returnTo = safeReturnTo(form.get("returnTo"));
  const parsed = parseForm(registration, form);
  if (!parsed.ok) return invalidForm(parsed.fieldErrors, parsed.values);
  const outcome = await registerMember(commerce, parsed.data);
  return respondToOutcome(request, commerce, outcome, { returnTo, email: parsed.data.email, values: parsed.values });
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const { busy, errors, values } = useFormAnswer(actionData);
  const passwordKey = useResetKey(actionData);
  const bind = fieldBinder(values, errors);
  return (
    <div className="narrow auth-page">
      <h1>Créer un compte</h1>
      <AuthForm busy={busy} submitLabel="Créer mon compte" formError={actionData?.formError}>
        <input type="hidden" name="returnTo" value={loaderData.returnTo} />
        <Field label="Prénom" {...bind("firstName")} autoComplete="given-name" required />
        <Field label="Nom" {...bind("lastName")} autoComplete="family-name" required />
        <Field label="E-mail" {...bind("email")} type="email" autoComplete="email" required />
        <Field
          key={`password-${passwordKey}`}
          label="Mot de passe"
          name="password"
          type="password"
          autoComplete="new-password"
          error={errors.password}
          required
          minLength={8}
        />
        <Field
          key={`confirm-${passwordKey}`}
          label="Confirmer le mot de passe"
          name="confirm"
          type="password"
          autoComplete="new-password"
          error={errors.confirm}
          required
        />
      </AuthForm>
      <p>
        Déjà un compte ? <Link to={`/account/login?returnTo=${encodeURIComponent(loaderData.returnTo)}`}>Se connecter</Link>
      </p>
    </div>
  );
}
