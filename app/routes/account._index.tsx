import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/account._index";
import { Field, FieldError } from "~/components/Field";
import { memberCommerceOf, type Commerce } from "~/.server/wix/commerce.server";
import { AddressBook } from "~/components/account/AddressBook";
import { PasswordChangeForm } from "~/components/account/PasswordChangeForm";
import { emailChange, passwordChange } from "~/models/identity-forms";
import { EmailChangeForm } from "~/components/account/EmailChangeForm";
import { emailChangeCookie } from "~/.server/account/email-change.server";
import { addressChoice, memberAddressSchema } from "~/models/address";
import { redirectWithToast } from "~/.server/http/toast.server";
import { failedAction } from "~/.server/wix/errors.server";
import { textField } from "~/models/fields";
import { parseForm, refuseForm, refuseWith } from "~/.server/http/form.server";
import { fieldProps, type FormValues } from "~/models/form-answer";
import { routeMeta } from "~/lib/meta";
import { Section } from "~/components/Section";
import { FormKey } from "~/components/FormKey";
import { ACCOUNT_CRUMB } from "~/lib/breadcrumb";

export const meta: Route.MetaFunction = ({ matches, location }) => routeMeta({ matches, location }, { title: "Mon compte" });

export const handle = { breadcrumb: () => ACCOUNT_CRUMB };

const profileSchema = z.object({
  firstName: textField("Le prénom", 60),
  lastName: textField("Le nom", 60),
  nickname: textField("Le pseudonyme", 60),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .min(3, "L'adresse de profil doit faire au moins 3 caractères.")
    .max(40, "L'adresse de profil ne doit pas dépasser 40 caractères.")
    .regex(
      /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
      "Utilisez des lettres minuscules sans accents, des chiffres et des tirets (ex. : camille-martin).",
    ),
});

const deleteSchema = z.object({
  confirm: z.literal("oui", { error: "Cochez la case pour confirmer la suppression." }),
});

export async function loader({ context, url }: Route.LoaderArgs) {
  const commerce = memberCommerceOf(context, url);
  const profile = await commerce.member.profile();
  // "Modifier" on a saved address is a link (?adresse=<id>): the form below the list then edits that one.
  const editing = profile.addresses.find((a) => a.id === url.searchParams.get("adresse"));
  return { profile, editing };
}

/**
 * Runs one of the account page's member calls. Its failure is the page's own: a notification on /account (a redirect,
 * thrown, which the router follows as if returned) or the error screen (failedAction).
 */
async function accountCall<T>(request: Request, call: () => Promise<T>, values?: FormValues): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw await failedAction(request, error, { redirectTo: "/account", values });
  }
}

/** The address book's three forms: save (add, or edit by id), make default, delete. */
async function addressAction(
  request: Request,
  commerce: Commerce,
  intent: "address" | "address-default" | "address-delete",
  form: FormData,
) {
  if (intent !== "address") {
    const parsed = parseForm(addressChoice, form);
    if (!parsed.ok) return refuseForm(parsed, { intent: "address-list" as const });
    const { addresses } = commerce.member;
    const outcome = await accountCall(request, () =>
      (intent === "address-default" ? addresses.makeDefault : addresses.delete)(parsed.data.addressId),
    );
    if (!outcome.ok) return refuseWith(parsed.values, outcome, { intent: "address-list" as const });
    const title = intent === "address-default" ? "Adresse par défaut changée." : "Adresse supprimée.";
    return redirectWithToast(request, "/account", { type: "success", title });
  }
  const parsed = parseForm(memberAddressSchema, form);
  if (!parsed.ok) return refuseForm(parsed, { intent: "address" as const });
  const { addressId, ...address } = parsed.data;
  const outcome = await accountCall(
    request,
    () => (addressId ? commerce.member.addresses.edit(addressId, address) : commerce.member.addresses.add(address)),
    parsed.values,
  );
  if (!outcome.ok) return refuseWith(parsed.values, outcome, { intent: "address" as const });
  return redirectWithToast(request, "/account", { type: "success", title: "Adresse enregistrée." });
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const commerce = memberCommerceOf(context, url);
  const form = await request.formData();
  const intent = form.get("intent");

  if (intent === "delete") {
    const parsed = parseForm(deleteSchema, form);
    if (!parsed.ok) return refuseForm(parsed, { intent: "delete" as const });
    await accountCall(request, () => commerce.member.deleteAccount());
    return redirectWithToast(request, "/", { type: "success", title: "Votre compte a été supprimé." });
  }

  if (intent === "password") {
    const parsed = parseForm(passwordChange, form);
    if (!parsed.ok) return refuseForm(parsed, { intent: "password" as const });
    const outcome = await accountCall(request, () => commerce.member.changePassword(parsed.data.currentPassword, parsed.data.newPassword));
    if (!outcome.ok) return refuseWith(parsed.values, outcome, { intent: "password" as const });
    return redirectWithToast(request, "/account", { type: "success", title: "Mot de passe changé." });
  }

  if (intent === "email") {
    const parsed = parseForm(emailChange, form);
    if (!parsed.ok) return refuseForm(parsed, { intent: "email" as const });
    const outcome = await accountCall(
      request,
      () => commerce.member.startEmailChange(parsed.data.newEmail, parsed.data.currentPassword),
      parsed.values,
    );
    if (outcome.kind === "refused") return refuseWith(parsed.values, outcome, { intent: "email" as const });
    if (outcome.kind === "done")
      return redirectWithToast(request, "/account", { type: "success", title: `Adresse de connexion changée : ${outcome.email}.` });
    return redirect("/account/email", { status: 303, headers: { "Set-Cookie": await emailChangeCookie(outcome.pending, request) } });
  }

  if (intent === "address" || intent === "address-default" || intent === "address-delete")
    return addressAction(request, commerce, intent, form);

  if (intent !== "profile") throw data(null, { status: 400, statusText: "Unknown intent" });
  const parsed = parseForm(profileSchema, form);
  if (!parsed.ok) return refuseForm(parsed, { intent: "profile" as const });
  try {
    await commerce.member.updateProfile(await commerce.member.profile(), parsed.data);
  } catch (error) {
    return failedAction(request, error, {
      redirectTo: "/account",
      codeFields: { SLUG_ALREADY_EXISTS: "slug" },
      fieldMap: { firstName: "firstName", lastName: "lastName", nickname: "nickname", slug: "slug" },
      values: parsed.values,
      extra: { intent: "profile" as const },
    });
  }
  return redirectWithToast(request, "/account", { type: "success", title: "Profil enregistré." });
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, editing } = loaderData;
  const busy = useNavigation().state === "submitting";
  // Each refusal says which of the page's forms it answers.
  const profileAnswer = actionData?.intent === "profile" ? actionData : undefined;
  const deleteAnswer = actionData?.intent === "delete" ? actionData : undefined;
  const addressAnswer = actionData?.intent === "address" ? actionData : undefined;
  const addressListAnswer = actionData?.intent === "address-list" ? actionData : undefined;
  const passwordAnswer = actionData?.intent === "password" ? actionData : undefined;
  const emailAnswer = actionData?.intent === "email" ? actionData : undefined;
  const bind = (name: "firstName" | "lastName" | "nickname" | "slug") => fieldProps(profileAnswer, name, profile[name]);

  return (
    <div className="account">
      <h1>Mon compte</h1>
      <p>
        Connecté avec <strong>{profile.email}</strong> · <Link to="/account/orders">Mes commandes</Link> ·{" "}
        <Link to="/account/devis">Mes devis</Link>
      </p>

      <Section id="profile-title" title="Profil" className="card">
        <Form method="post" noValidate>
          <FormKey />
          <input type="hidden" name="intent" value="profile" />
          <Field label="Prénom" {...bind("firstName")} autoComplete="given-name" required />
          <Field label="Nom" {...bind("lastName")} autoComplete="family-name" required />
          <Field label="Pseudonyme" {...bind("nickname")} autoComplete="nickname" required />
          <Field label="Adresse de profil" {...bind("slug")} required />
          <button type="submit" disabled={busy}>
            Enregistrer
          </button>
        </Form>
      </Section>

      <AddressBook
        addresses={profile.addresses}
        editing={editing}
        answer={addressAnswer}
        listError={addressListAnswer?.formError}
        busy={busy}
      />

      <EmailChangeForm email={profile.email} verified={profile.emailVerified} answer={emailAnswer} busy={busy} />

      <PasswordChangeForm answer={passwordAnswer} busy={busy} />

      <Section id="delete-title" title="Supprimer mon compte" className="card danger-zone">
        <p>La suppression est définitive : votre profil est effacé et vous êtes déconnecté.</p>
        <Form method="post" noValidate>
          <FormKey />
          <input type="hidden" name="intent" value="delete" />
          <div className="field checkbox">
            <label>
              <input type="checkbox" name="confirm" value="oui" aria-describedby={deleteAnswer ? "confirm-error" : undefined} /> Je confirme
              vouloir supprimer définitivement mon compte
            </label>
            <FieldError id="confirm-error" error={deleteAnswer?.fieldErrors.confirm} />
          </div>
          <button type="submit" className="button-danger" disabled={busy}>
            Supprimer mon compte
          </button>
        </Form>
      </Section>
    </div>
  );
}
