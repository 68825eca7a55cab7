import { Form } from "react-router";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import { z } from "zod";
import type { Route } from "./+types/contact";
import { Field, FieldFrame, SelectField } from "~/components/Field";
import { commerceOf } from "~/.server/wix/commerce.server";
import { quotedProduct, submitContactRequest } from "~/.server/site/contact.server";
import { checkHoneypot } from "~/.server/http/honeypot.server";
import { redirectWithToast } from "~/.server/http/toast.server";
import { failedAction } from "~/.server/wix/errors.server";
import { cleanText, emailField, optionalPhoneField, optionalText, textField } from "~/models/fields";
import { parseForm, refuseForm } from "~/.server/http/form.server";
import { PHONE_MAX_LENGTH } from "~/models/phone";
import { routeMeta } from "~/lib/meta";
import { useFormAnswer } from "~/hooks/use-form-answer";
import { CONTACT_SUBJECTS } from "~/models/contact";
import { FormKey } from "~/components/FormKey";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  routeMeta(
    { matches, location },
    {
      title: "Contact et demande de devis",
      description: "Une mission de conseil, une formation ou un audit ? Décrivez votre besoin : réponse sous deux jours ouvrés.",
    },
  );

export const handle = { breadcrumb: () => ({ label: "Contact", to: "/contact" }) };

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const product = await quotedProduct(url.searchParams.get("produit"));
  const asked = url.searchParams.get("sujet");
  const subject = CONTACT_SUBJECTS.some((s) => s.value === asked) ? asked : (product?.subject ?? null);
  return { product: product?.name ?? null, subject };
}

const contactSchema = z.object({
  name: textField("Le nom", 120),
  email: emailField,
  company: optionalText("Le nom de la société", 120),
  phone: optionalPhoneField(),
  subject: z.enum(["conseil", "formation", "audit", "autre"], { error: "Choisissez le sujet de votre demande." }),
  message: z
    .string({ error: "Décrivez votre besoin." })
    .transform((v) => cleanText(v, { multiline: true }))
    .pipe(
      z
        .string()
        .min(20, "Décrivez votre besoin en quelques phrases (20 caractères au moins).")
        .max(5000, "Le message ne doit pas dépasser 5000 caractères."),
    ),
  budget: optionalText("Le budget", 120),
  dates: optionalText("Les dates", 120),
  product: optionalText("La prestation", 200),
});

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  await checkHoneypot(form);
  const parsed = parseForm(contactSchema, form);
  if (!parsed.ok) return refuseForm(parsed);
  const { company, phone, budget, dates, product, ...required } = parsed.data;
  try {
    await submitContactRequest(commerceOf(context), {
      ...required,
      ...(company ? { company } : {}),
      ...(phone ? { phone } : {}),
      ...(budget ? { budget } : {}),
      ...(dates ? { dates } : {}),
      ...(product ? { product } : {}),
    });
  } catch (error) {
    return failedAction(request, error, { redirectTo: "/contact", values: parsed.values });
  }
  return redirectWithToast(request, "/contact/merci", {
    type: "success",
    title: "Merci, votre demande a bien été envoyée : vous allez recevoir un accusé de réception par e-mail.",
  });
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { busy, errors, values, bind } = useFormAnswer(actionData);
  const product = values.product ?? loaderData.product ?? "";
  return (
    <div className="narrow contact-page">
      <h1>Contact et demande de devis</h1>
      <p>Une mission de conseil, une formation ou un audit ? Décrivez votre besoin : je vous réponds sous deux jours ouvrés.</p>
      <Form method="post" noValidate className="card">
        <FormKey />
        <HoneypotInputs label="Ne pas remplir ce champ" />
        {product ? (
          <p className="contact-product">
            Votre demande porte sur : <strong>{product}</strong>
            <input type="hidden" name="product" value={product} />
          </p>
        ) : null}
        <Field label="Nom" {...bind("name")} autoComplete="name" required maxLength={120} />
        <Field label="E-mail" {...bind("email")} type="email" autoComplete="email" required />
        <Field label="Société (facultatif)" {...bind("company")} autoComplete="organization" maxLength={120} />
        <Field label="Téléphone (facultatif)" {...bind("phone")} type="tel" autoComplete="tel" maxLength={PHONE_MAX_LENGTH} />
        <SelectField
          label="Sujet"
          {...bind("subject")}
          defaultValue={values.subject ?? loaderData.subject ?? ""}
          options={CONTACT_SUBJECTS}
          placeholder="Choisissez…"
          required
        />
        <FieldFrame label="Message" error={errors.message}>
          {(control) => <textarea name="message" rows={8} defaultValue={values.message} required maxLength={5000} {...control} />}
        </FieldFrame>
        <Field label="Budget (facultatif)" {...bind("budget")} maxLength={120} />
        <Field label="Dates souhaitées (facultatif)" {...bind("dates")} maxLength={120} placeholder="ex. : à partir de mars, 3 jours" />
        <button type="submit" disabled={busy}>
          Envoyer la demande
        </button>
      </Form>
    </div>
  );
}
