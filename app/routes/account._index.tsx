import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/account._index";
import { Field, fieldBinder } from "~/components/Field";
import { commerceOf } from "~/.server/commerce.server";
import { requireMember } from "~/.server/auth.server";
import { AddressForm } from "~/components/account/AddressForm";
import { memberAddressSchema } from "~/models/member-address";
import { redirectWithToast } from "~/.server/toast.server";
import { failedAction } from "~/.server/wix-errors.server";
import { parseForm, textField } from "~/lib/forms";
import { routeMeta } from "~/lib/meta";
import { Section } from "~/components/Section";
import { FormKey } from "~/components/FormKey";

export const meta: Route.MetaFunction = ({ matches, location }) => routeMeta({ matches, location }, { title: "Mon compte" });

export const handle = { breadcrumb: () => ({ label: "Mon compte", to: "/account" }) };

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
  const commerce = commerceOf(context);
  requireMember(commerce, url);
  return { profile: await commerce.member.profile() };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const commerce = commerceOf(context);
  requireMember(commerce, url);
  const form = await request.formData();
  const intent = form.get("intent");

  if (intent === "delete") {
    const parsed = parseForm(deleteSchema, form);
    if (!parsed.ok) return data({ intent, fieldErrors: parsed.fieldErrors, values: parsed.values }, { status: 400 });
    try {
      await commerce.member.deleteAccount();
    } catch (error) {
      return failedAction(request, error, { redirectTo: "/account" });
    }
    return redirectWithToast(request, "/", { type: "success", title: "Votre compte a été supprimé." });
  }

  if (intent === "address") {
    const parsed = parseForm(memberAddressSchema, form);
    if (!parsed.ok) return data({ intent, fieldErrors: parsed.fieldErrors, values: parsed.values }, { status: 400 });
    try {
      await commerce.member.saveAddress(parsed.data);
    } catch (error) {
      return failedAction(request, error, { redirectTo: "/account", values: parsed.values });
    }
    return redirectWithToast(request, "/account", { type: "success", title: "Adresse enregistrée." });
  }

  if (intent !== "profile") throw data(null, { status: 400, statusText: "Unknown intent" });
  const parsed = parseForm(profileSchema, form);
  if (!parsed.ok) return data({ intent, fieldErrors: parsed.fieldErrors, values: parsed.values }, { status: 400 });
  try {
    await commerce.member.updateProfile(await commerce.member.profile(), parsed.data);
  } catch (error) {
    return failedAction(request, error, {
      redirectTo: "/account",
      codeFields: { SLUG_ALREADY_EXISTS: "slug" },
      fieldMap: { firstName: "firstName", lastName: "lastName", nickname: "nickname", slug: "slug" },
      values: parsed.values,
    });
  }
  return redirectWithToast(request, "/account", { type: "success", title: "Profil enregistré." });
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { profile } = loaderData;
  const busy = useNavigation().state === "submitting";
  // Field errors from the SDK (failedAction) carry no intent: they can only come from the profile form.
  const profileErrors = actionData && (!("intent" in actionData) || actionData.intent === "profile") ? actionData : undefined;
  const deleteErrors = actionData && "intent" in actionData && actionData.intent === "delete" ? actionData : undefined;
  const addressErrors = actionData && "intent" in actionData && actionData.intent === "address" ? actionData : undefined;
  const bind = fieldBinder(
    profileErrors?.values as Record<string, string> | undefined,
    profileErrors?.fieldErrors as Record<string, string> | undefined,
    (name) => String(profile[name as keyof typeof profile] ?? ""),
  );

  return (
    <div className="account">
      <h1>Mon compte</h1>
      <p>
        Connecté avec <strong>{profile.email}</strong> · <Link to="/account/orders">Mes commandes</Link>
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

      <AddressForm
        address={profile.address}
        values={addressErrors?.values as Record<string, string> | undefined}
        errors={addressErrors?.fieldErrors as Record<string, string> | undefined}
        busy={busy}
      />

      <Section id="delete-title" title="Supprimer mon compte" className="card danger-zone">
        <p>La suppression est définitive : votre profil est effacé et vous êtes déconnecté.</p>
        <Form method="post" noValidate>
          <FormKey />
          <input type="hidden" name="intent" value="delete" />
          <div className="field checkbox">
            <label>
              <input type="checkbox" name="confirm" value="oui" aria-describedby={deleteErrors ? "confirm-error" : undefined} /> Je confirme
              vouloir supprimer définitivement mon compte
            </label>
            {deleteErrors?.fieldErrors && "confirm" in deleteErrors.fieldErrors ? (
              <p className="field-error" id="confirm-error">
                {(deleteErrors.fieldErrors as Record<string, string>).confirm}
              </p>
            ) : null}
          </div>
          <button type="submit" className="button-danger" disabled={busy}>
            Supprimer mon compte
          </button>
        </Form>
      </Section>
    </div>
  );
}
