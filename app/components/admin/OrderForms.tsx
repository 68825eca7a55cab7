import type { ReactNode } from "react";
import { Form } from "react-router";
import type { AdminOrderDetail } from "~/models/admin";
import { fieldProps } from "~/models/form-answer";
import { CARRIERS, REFUND_REASONS, type OrderFormAnswer, type OrderFormFields } from "~/models/order-life";
import { Field, FieldError, SelectField } from "~/components/Field";
import { FormKey } from "~/components/FormKey";

/**
 * The owner's forms on one order (app/routes/admin.orders.$id.tsx): plain POST forms, each with its `intent`;
 * a refused submission comes back as the site's one FormAnswer (refuseForm), its `intent` naming the form it is about,
 * so each form shows only its own errors and typed values (OrderFormAnswer: each form's field names, app/models/order-life.ts).
 */

type Props = { order: AdminOrderDetail; answer?: OrderFormAnswer };

/** A choice list from a record of French labels (carriers, refund reasons). */
const choices = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));

/** A number of units for one order line, 0 to `max`; the label (children) names the line. */
function QtyField({
  id,
  name,
  max,
  defaultValue,
  invalid,
  children,
}: {
  id: string;
  name: string;
  max: number;
  defaultValue: string;
  invalid: boolean;
  children: ReactNode;
}) {
  return (
    <div className="field admin-qty">
      <label htmlFor={id}>{children}</label>
      <input
        id={id}
        name={name}
        type="number"
        inputMode="numeric"
        min={0}
        max={max}
        defaultValue={defaultValue}
        aria-invalid={invalid ? true : undefined}
      />
    </div>
  );
}

/** Each form's intent, and the page render's key that makes a second identical POST answer like the first. */
function Hidden({ intent }: { intent: string }) {
  return (
    <>
      <FormKey />
      <input type="hidden" name="intent" value={intent} />
    </>
  );
}

/** Capture, void or mark as paid: what the payment's state allows (each asks to confirm with its amount). */
export function PaymentActions({ order }: { order: AdminOrderDetail }) {
  const authorized = order.payment?.status === "AUTHORIZED";
  return (
    <div className="admin-actions">
      {authorized && order.payment && order.status !== "CANCELED" ? (
        <>
          <Form method="post">
            <Hidden intent="capture" />
            <button type="submit" className="button">
              Encaisser {order.total.formatted}
            </button>
          </Form>
          <Form method="post">
            <Hidden intent="void" />
            <button type="submit" className="button">
              Annuler l'autorisation
            </button>
          </Form>
        </>
      ) : null}
      {order.collectability.status === "COLLECTABLE" ? (
        <Form method="post">
          <Hidden intent="mark-paid" />
          <button type="submit" className="button">
            Marquer comme payée
          </button>
        </Form>
      ) : null}
    </div>
  );
}

/** Cancel: "Annuler et libérer l'autorisation" over a held card; a paid order offers its full refund (checked). */
export function CancelForm({ order }: Props) {
  const authorized = order.payment?.status === "AUTHORIZED";
  const refundable = order.refundability.mode !== "none" && Number(order.refundability.maxRefund.amount) > 0;
  return (
    <Form method="post" className="admin-cancel">
      <Hidden intent="cancel" />
      <label>
        <input type="checkbox" name="restock" defaultChecked /> Remettre les articles en stock
      </label>
      <label>
        <input type="checkbox" name="notify" defaultChecked /> Prévenir le client par e-mail
      </label>
      {refundable ? (
        <label>
          <input type="checkbox" name="refund" defaultChecked />{" "}
          {order.refundability.mode === "manual"
            ? `Enregistrer le remboursement de ${order.refundability.maxRefund.formatted} (à verser vous-même)`
            : `Rembourser ${order.refundability.maxRefund.formatted} au client`}
        </label>
      ) : null}
      <button type="submit" className="button danger">
        {authorized ? "Annuler et libérer l'autorisation" : "Annuler la commande"}
      </button>
    </Form>
  );
}

/** A refund: units per line, the shipping, the reason, the customer's e-mail; the amount is Wix's calculation. */
export function RefundForm({ order, answer }: Props) {
  const a = answer?.intent === "refund" ? answer : undefined;
  const value = (name: OrderFormFields["refund"], fallback = "") => a?.values[name] ?? fallback;
  const lines = order.refundability.lines.filter((l) => l.available > 0);
  const shipping = order.refundability.shipping;
  return (
    <Form method="post" className="admin-refund" noValidate>
      <Hidden intent="refund" />
      <p className="admin-muted-text">
        Reste remboursable : {order.refundability.maxRefund.formatted}
        {order.refundability.mode === "manual"
          ? " — paiement reçu hors ligne : versez le remboursement vous-même, il sera enregistré ici."
          : ""}
      </p>
      <fieldset aria-describedby={a?.fieldErrors.lines ? "refund-lines-error" : undefined}>
        <legend>Articles à rembourser</legend>
        {lines.map((l) => (
          <QtyField
            key={l.id}
            id={`refund-${l.id}`}
            name={`qty-${l.id}`}
            max={l.available}
            defaultValue={value(`qty-${l.id}`, "0")}
            invalid={!!a?.fieldErrors.lines}
          >
            {l.name}{" "}
            <span className="admin-muted-text">
              ({l.unit.formatted} l'unité, {l.available} remboursable{l.available > 1 ? "s" : ""})
            </span>
          </QtyField>
        ))}
        {shipping && Number(shipping.available.amount) > 0 ? (
          <label className="checkbox">
            <input type="checkbox" name="shipping" defaultChecked={value("shipping") === "on"} /> Rembourser les frais de livraison (
            {shipping.available.formatted})
          </label>
        ) : null}
        <FieldError id="refund-lines-error" error={a?.fieldErrors.lines} />
        <FieldError error={a?.fieldErrors.shipping} />
      </fieldset>
      <SelectField label="Motif" placeholder="Choisissez le motif…" options={choices(REFUND_REASONS)} {...fieldProps(a, "reason", "")} />
      <div className="field">
        <label htmlFor="refund-message">Message au client (facultatif)</label>
        <textarea
          id="refund-message"
          name="message"
          rows={3}
          maxLength={1000}
          defaultValue={value("message")}
          aria-invalid={a?.fieldErrors.message ? true : undefined}
        />
        <FieldError error={a?.fieldErrors.message} />
      </div>
      <label className="checkbox">
        <input type="checkbox" name="restock" defaultChecked={a ? value("restock") === "on" : true} /> Remettre en stock les articles
        remboursés
      </label>
      <label className="checkbox">
        <input type="checkbox" name="notify" defaultChecked={a ? value("notify") === "on" : true} /> Envoyer l'e-mail de remboursement au
        client
      </label>
      <button type="submit" className="button danger">
        Rembourser…
      </button>
    </Form>
  );
}

/** A parcel: the units it holds (all by default), the carrier and its tracking number (and link for another carrier). */
export function ShipForm({ order, answer }: Props) {
  const a = answer?.intent === "ship" ? answer : undefined;
  const value = (name: OrderFormFields["ship"], fallback = "") => a?.values[name] ?? fallback;
  return (
    <Form method="post" className="admin-ship" noValidate>
      <Hidden intent="ship" />
      <fieldset>
        <legend>Articles du colis</legend>
        {order.toFulfil.map((l) => (
          <QtyField
            key={l.id}
            id={`ship-${l.id}`}
            name={`ship-${l.id}`}
            max={l.quantity}
            defaultValue={value(`ship-${l.id}`, String(l.quantity))}
            invalid={!!a?.fieldErrors.lines}
          >
            {l.name} <span className="admin-muted-text">({l.quantity} à expédier)</span>
          </QtyField>
        ))}
        <FieldError error={a?.fieldErrors.lines} />
      </fieldset>
      <SelectField
        label="Transporteur"
        placeholder="Choisissez le transporteur…"
        options={choices(CARRIERS)}
        {...fieldProps(a, "carrier", "")}
      />
      <Field label="Numéro de suivi" maxLength={60} autoComplete="off" {...fieldProps(a, "trackingNumber", "")} />
      <Field label="Autre transporteur : son nom" maxLength={60} {...fieldProps(a, "carrierName", "")} />
      <Field label="Autre transporteur : lien de suivi (https://…)" type="url" maxLength={500} {...fieldProps(a, "trackingLink", "")} />
      <button type="submit" className="button">
        Marquer comme expédiée
      </button>
    </Form>
  );
}

/** Store pickup: made ready (the customer is told), then picked up. */
export function PickupActions({ order }: { order: AdminOrderDetail }) {
  const ready = order.shipments.filter((s) => s.status === "Ready");
  return (
    <div className="admin-actions">
      {order.toFulfil.length && order.status !== "CANCELED" ? (
        <Form method="post">
          <Hidden intent="pickup-ready" />
          <button type="submit" className="button">
            Marquer prête à retirer
          </button>
        </Form>
      ) : null}
      {ready.map((s) => (
        <Form method="post" key={s.id}>
          <Hidden intent="picked-up" />
          <input type="hidden" name="fulfillmentId" value={s.id} />
          <button type="submit" className="button">
            Marquer comme retirée
          </button>
        </Form>
      ))}
    </div>
  );
}

export function NoteForm({ answer }: { answer?: OrderFormAnswer }) {
  const a = answer?.intent === "note" ? answer : undefined;
  return (
    <Form method="post" className="admin-note" noValidate>
      <Hidden intent="note" />
      <div className="field">
        <label htmlFor="note-message">Nouvelle note interne</label>
        <textarea
          id="note-message"
          name="message"
          rows={3}
          maxLength={2000}
          required
          defaultValue={a?.values.message ?? ""}
          aria-invalid={a?.fieldErrors.message ? true : undefined}
          aria-describedby={a?.fieldErrors.message ? "note-error" : "note-hint"}
        />
        <p id="note-hint" className="admin-muted-text">
          Jamais affichée au client sur le site ; gardée dans l'historique de la commande (Wix).
        </p>
        <FieldError id="note-error" error={a?.fieldErrors.message} />
      </div>
      <button type="submit" className="button">
        Ajouter la note
      </button>
    </Form>
  );
}
