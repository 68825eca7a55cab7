import { Form, Link, redirect, useNavigation } from "react-router";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import { z } from "zod";
import type { Route } from "./+types/account.register";
import { Field } from "~/components/Field";
import { FormError } from "~/components/FormError";
import { commerceOf } from "~/.server/commerce.server";
import { safeReturnTo } from "~/.server/auth.server";
import { checkHoneypot } from "~/.server/honeypot.server";
import { invalidForm, registerMember, respondToOutcome } from "~/.server/member-auth.server";
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
  const busy = useNavigation().state === "submitting";
  const passwordKey = useResetKey(actionData);
  const errors = (actionData?.fieldErrors ?? {}) as Record<string, string>;
  const values = (actionData?.values ?? {}) as Record<string, string>;
  return (
    <div className="narrow auth-page">
      <h1>Créer un compte</h1>
      <Form method="post" noValidate className="card">
        <HoneypotInputs label="Ne pas remplir ce champ" />
        <input type="hidden" name="returnTo" value={loaderData.returnTo} />
        <FormError message={actionData?.formError} />
        <Field
          label="Prénom"
          name="firstName"
          autoComplete="given-name"
          defaultValue={values.firstName}
          error={errors.firstName}
          required
        />
        <Field label="Nom" name="lastName" autoComplete="family-name" defaultValue={values.lastName} error={errors.lastName} required />
        <Field label="E-mail" name="email" type="email" autoComplete="email" defaultValue={values.email} error={errors.email} required />
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
        <button type="submit" disabled={busy}>
          Créer mon compte
        </button>
      </Form>
      <p>
        Déjà un compte ? <Link to={`/account/login?returnTo=${encodeURIComponent(loaderData.returnTo)}`}>Se connecter</Link>
      </p>
    </div>
  );
}
