import { Form, Link } from "react-router";
import { Field } from "~/components/Field";
import { CountrySelect } from "~/components/CountrySelect";
import { FormError } from "~/components/FormError";
import type { PostalAddress, SavedAddress } from "~/models/address";
import { MAX_SAVED_ADDRESSES } from "~/models/address";
import { countryName, DEFAULT_COUNTRY } from "~/models/countries";
import { fieldProps, type FormAnswer } from "~/models/form-answer";
import { Section } from "~/components/Section";
import { FormKey } from "~/components/FormKey";

const oneLine = (a: PostalAddress) => `${a.addressLine}, ${a.postalCode} ${a.city}`;

/** One saved address: what it says, and what can be done with it (default, edit, delete). */
function AddressCard({ address, isDefault, busy }: { address: SavedAddress; isDefault: boolean; busy: boolean }) {
  const action = (intent: string, label: string, className?: string) => (
    <Form method="post" noValidate>
      <FormKey />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="addressId" value={address.id} />
      <button type="submit" className={className} disabled={busy} aria-label={`${label} : ${oneLine(address)}`}>
        {label}
      </button>
    </Form>
  );
  return (
    <li className="address-card">
      <p>
        {address.addressLine}
        <br />
        {address.postalCode} {address.city}, {countryName(address.country)}
        {isDefault ? <strong className="address-default"> · Adresse par défaut</strong> : null}
      </p>
      <div className="address-actions">
        {isDefault ? null : action("address-default", "Utiliser par défaut")}
        <Link to={`/account?adresse=${encodeURIComponent(address.id)}#address-form`} aria-label={`Modifier : ${oneLine(address)}`}>
          Modifier
        </Link>
        {action("address-delete", "Supprimer", "button-link")}
      </div>
    </li>
  );
}

/**
 * The member's saved addresses on /account (Wix member `contact.addresses`): the first is her default one, the one the
 * checkout starts from; up to MAX_SAVED_ADDRESSES. The form below adds one, or edits the one chosen with "Modifier"
 * (a link: it works without JavaScript).
 */
export function AddressBook({
  addresses,
  editing,
  answer,
  listError,
  busy,
}: {
  addresses: SavedAddress[];
  editing?: SavedAddress;
  /** The refused form (what was typed, the errors). */
  answer?: FormAnswer<keyof PostalAddress | "addressId">;
  /** A refusal of a list action (the address is gone). */
  listError?: string;
  busy: boolean;
}) {
  const bind = (name: keyof PostalAddress) => fieldProps(answer, name, editing?.[name] ?? "");
  const full = !editing && addresses.length >= MAX_SAVED_ADDRESSES;
  return (
    <Section id="address-title" title="Adresses postales" className="card">
      <p className="muted">
        La première, votre adresse par défaut, remplit d'avance vos commandes ; vous pouvez en garder {MAX_SAVED_ADDRESSES}.
      </p>
      <FormError message={listError} />
      {addresses.length ? (
        <ul className="address-list">
          {addresses.map((address, i) => (
            <AddressCard key={address.id} address={address} isDefault={i === 0} busy={busy} />
          ))}
        </ul>
      ) : (
        <p>Aucune adresse enregistrée.</p>
      )}
      <h3 id="address-form">{editing ? "Modifier l'adresse" : "Ajouter une adresse"}</h3>
      {full ? (
        <p>Vous avez {MAX_SAVED_ADDRESSES} adresses : supprimez-en une pour en ajouter une autre.</p>
      ) : (
        <Form method="post" noValidate key={editing?.id ?? "new"} aria-labelledby="address-form">
          <FormKey />
          <input type="hidden" name="intent" value="address" />
          {editing ? <input type="hidden" name="addressId" value={editing.id} /> : null}
          <FormError message={answer?.formError} />
          <Field label="Adresse" {...bind("addressLine")} autoComplete="street-address" required />
          <div className="field-row">
            <Field label="Code postal" {...bind("postalCode")} autoComplete="postal-code" required />
            <Field label="Ville" {...bind("city")} autoComplete="address-level2" required />
          </div>
          <CountrySelect
            label="Pays"
            name="country"
            defaultValue={bind("country").defaultValue || DEFAULT_COUNTRY}
            error={answer?.fieldErrors.country}
            autoComplete="country"
          />
          <button type="submit" disabled={busy}>
            Enregistrer l'adresse
          </button>
          {editing ? (
            <>
              {" "}
              <Link to="/account#address-form">Annuler</Link>
            </>
          ) : null}
        </Form>
      )}
    </Section>
  );
}
