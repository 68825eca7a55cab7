import { Form } from "react-router";
import { useFormAnswer } from "~/hooks/use-form-answer";
import { CountrySelect } from "~/components/CountrySelect";
import { Field, FieldError, FieldFrame, SelectField } from "~/components/Field";
import { FormError } from "~/components/FormError";
import { FormKey } from "~/components/FormKey";
import { QUOTE_UNITS } from "~/models/quote";
import {
  DEPOSIT_KINDS,
  DISCOUNT_KINDS,
  editorRowCount,
  lineField,
  VAT_REGIMES,
  type CatalogService,
  type QuoteEditorAnswer,
  type QuoteEditorField,
} from "~/models/quote-forms";
import type { FormValues } from "~/models/form-answer";
import { formatPrice } from "~/lib/money";

/** The editor's action answers: a refused form, or the form again with one more row ("Ajouter une ligne"). */
export type QuoteEditorActionData = QuoteEditorAnswer | { values: FormValues<QuoteEditorField>; rows: number } | undefined;

/**
 * The editor as the new-quote and edit pages show it: the loader's values, or what the action answered (one more row
 * keeps what was typed and draws the form afresh).
 */
export function QuoteEditorForm({
  actionData,
  values,
  services,
  submitLabel,
}: {
  actionData: QuoteEditorActionData;
  values: FormValues<QuoteEditorField>;
  services: CatalogService[];
  submitLabel: string;
}) {
  const { busy, answer } = useFormAnswer(actionData);
  const more = actionData && "rows" in actionData ? actionData : undefined;
  return (
    <QuoteEditor
      key={more?.rows ?? 0}
      values={more?.values ?? values}
      answer={answer}
      services={services}
      rows={more?.rows}
      busy={busy}
      submitLabel={submitLabel}
    />
  );
}

/**
 * The owner's quote editor: one plain form (no JavaScript needed). "Ajouter une ligne" posts the form back with one
 * more row, what was typed kept; each refusal is said beside its field.
 */
export function QuoteEditor({
  values,
  answer,
  services,
  rows,
  busy,
  submitLabel,
}: {
  values: FormValues<QuoteEditorField>;
  answer?: QuoteEditorAnswer;
  services: CatalogService[];
  rows?: number;
  busy: boolean;
  submitLabel: string;
}) {
  const v = answer?.values ?? values;
  const errors = answer?.fieldErrors ?? {};
  const bind = (name: QuoteEditorField) => ({ name, defaultValue: v[name] ?? "", error: errors[name] });
  const count = rows ?? editorRowCount(v, 0);
  const serviceOptions = [
    { value: "", label: "Ligne libre" },
    ...services.map((s) => ({ value: s.id, label: `${s.name} (${formatPrice(s.priceHtCents / 100)} HT)` })),
  ];
  return (
    <Form method="post" className="quote-editor" noValidate>
      <FormKey />
      <FormError message={answer?.formError} />
      <input type="hidden" name="lineCount" value={count} />
      {v.contactRequestId ? <input type="hidden" name="contactRequestId" value={v.contactRequestId} /> : null}
      <fieldset>
        <legend>Client</legend>
        <div className="quote-grid">
          <Field label="Nom du client" autoComplete="off" {...bind("clientName")} />
          <Field label="Société (facultatif)" {...bind("clientCompany")} />
          <Field label="E-mail" type="email" {...bind("clientEmail")} />
          <Field label="N° de TVA intracommunautaire (entreprise)" {...bind("clientVatNumber")} />
          <Field label="Adresse de facturation" {...bind("clientAddress")} />
          <Field label="Code postal" {...bind("clientPostalCode")} />
          <Field label="Ville" {...bind("clientCity")} />
          <CountrySelect label="Pays" {...bind("clientCountry")} />
        </div>
      </fieldset>
      <fieldset>
        <legend>Prestations</legend>
        <p className="admin-muted-text">
          Prix unitaires hors taxes. Un service du catalogue reprend son nom et son prix si vous les laissez vides.
        </p>
        <FieldError id="quote-lines-error" error={errors.lines} />
        <ol className="quote-lines">
          {Array.from({ length: count }, (_, i) => (
            <li key={i} className="quote-line">
              <SelectField label={`Ligne ${i + 1} : service`} options={serviceOptions} {...bind(lineField(i, "product"))} />
              <Field label="Désignation" {...bind(lineField(i, "label"))} />
              <Field label="Quantité" inputMode="numeric" {...bind(lineField(i, "qty"))} defaultValue={v[lineField(i, "qty")] ?? "1"} />
              <SelectField
                label="Unité"
                options={QUOTE_UNITS}
                {...bind(lineField(i, "unit"))}
                defaultValue={v[lineField(i, "unit")] ?? "jour"}
              />
              <Field label="Prix unitaire HT (€)" inputMode="decimal" {...bind(lineField(i, "price"))} />
            </li>
          ))}
        </ol>
        <button type="submit" name="intent" value="add-line" className="button small" formNoValidate>
          Ajouter une ligne
        </button>
      </fieldset>
      <fieldset>
        <legend>Remise, frais et TVA</legend>
        <div className="quote-grid">
          <SelectField label="Remise" options={DISCOUNT_KINDS} {...bind("discountKind")} defaultValue={v.discountKind ?? "none"} />
          <Field label="Montant de la remise (% ou € HT)" inputMode="decimal" {...bind("discountValue")} />
          <Field label="Frais de déplacement HT (€)" inputMode="decimal" {...bind("travel")} />
          <SelectField label="TVA" options={VAT_REGIMES} {...bind("vat")} />
        </div>
      </fieldset>
      <fieldset>
        <legend>Acompte, validité et paiement</legend>
        <div className="quote-grid">
          <SelectField label="Acompte" options={DEPOSIT_KINDS} {...bind("depositKind")} />
          <Field label="Montant de l'acompte (% ou € TTC)" inputMode="decimal" {...bind("depositValue")} />
          <Field label="Valable jusqu'au" type="date" {...bind("validUntil")} />
        </div>
        <FieldFrame label="Conditions de paiement" error={errors.paymentTerms}>
          {(control) => <textarea name="paymentTerms" rows={4} maxLength={500} defaultValue={v.paymentTerms ?? ""} {...control} />}
        </FieldFrame>
      </fieldset>
      <div className="admin-row-actions">
        <button type="submit" name="intent" value="save" className="button button-ghost" disabled={busy}>
          Enregistrer le brouillon
        </button>
        <button type="submit" name="intent" value="send" className="button primary" disabled={busy}>
          {submitLabel}
        </button>
      </div>
    </Form>
  );
}
