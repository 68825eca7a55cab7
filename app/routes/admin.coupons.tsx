import { Form, useActionData } from "react-router";
import type { Route } from "./+types/admin.coupons";
import { ownerOf } from "~/.server/admin/owner.server";
import { ConfirmPanel } from "~/components/admin/Confirm";
import { RowAction } from "~/components/admin/RowAction";
import { Field, SelectField } from "~/components/Field";
import { FormKey } from "~/components/FormKey";
import { Section } from "~/components/Section";
import { StackTable, type StackColumn } from "~/components/StackTable";
import { routeMeta } from "~/lib/meta";
import { fieldProps, type FormAnswer } from "~/models/form-answer";
import type { AdminCouponRow } from "~/models/shop-admin";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  routeMeta({ matches, location }, { title: "Codes promo — Administration" });

export const handle = { breadcrumb: () => ({ label: "Codes promo", to: "/admin/coupons" }) };

export async function loader({ context }: Route.LoaderArgs) {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" }).format(new Date());
  return { coupons: await ownerOf(context).coupons.list(), today };
}

/** Create, pause, resume or delete: the owner handler reads the form (app/.server/admin/shop-intents.server.ts). */
export async function action({ request, context, url }: Route.ActionArgs) {
  return ownerOf(context).coupons.act(request, url.pathname);
}

type CouponFields = "name" | "code" | "kind" | "value" | "minimum" | "start" | "end" | "usageLimit" | "oncePerCustomer";

function CouponButton({ coupon, intent, label }: { coupon: AdminCouponRow; intent: "pause" | "resume" | "delete"; label: string }) {
  return <RowAction intent={intent} label={label} subject={coupon.code} fields={{ couponId: coupon.id, code: coupon.code }} />;
}

const status = (c: AdminCouponRow) => (c.expired ? "Expiré" : c.active ? "Actif" : "Suspendu");

const COLUMNS: StackColumn<AdminCouponRow>[] = [
  {
    header: "Code",
    title: true,
    cell: (c) => (
      <>
        <strong>{c.code}</strong> <span className="admin-muted-text">{c.name}</span>
      </>
    ),
  },
  { header: "Remise", cell: (c) => `${c.discount}${c.minimum ? ` dès ${c.minimum}` : ""}` },
  { header: "Validité", cell: (c) => `${c.start ? `du ${c.start}` : ""}${c.end ? ` au ${c.end}` : c.start ? ", sans fin" : "—"}` },
  {
    header: "Utilisations",
    cell: (c) => `${c.uses}${c.usageLimit ? ` sur ${c.usageLimit}` : ""}${c.oncePerCustomer ? " · une fois par client" : ""}`,
  },
  { header: "Statut", cell: status },
  {
    header: "Actions",
    cell: (c) => (
      <div className="admin-row-actions">
        {c.active ? (
          <CouponButton coupon={c} intent="pause" label="Suspendre" />
        ) : (
          <CouponButton coupon={c} intent="resume" label="Réactiver" />
        )}
        <CouponButton coupon={c} intent="delete" label="Supprimer" />
      </div>
    ),
  },
];

function NewCoupon({ today, answer }: { today: string; answer?: FormAnswer<CouponFields> }) {
  return (
    <Form method="post" className="admin-coupon-form" noValidate>
      <FormKey />
      <input type="hidden" name="intent" value="create" />
      {answer?.formError ? <p className="field-error">{answer.formError}</p> : null}
      <Field label="Nom (vu par le client)" maxLength={100} {...fieldProps(answer, "name", "")} />
      <Field label="Code" maxLength={20} autoCapitalize="characters" autoComplete="off" {...fieldProps(answer, "code", "")} />
      <SelectField
        label="Type de remise"
        options={[
          { value: "percent", label: "Pourcentage (%)" },
          { value: "amount", label: "Montant (€)" },
        ]}
        {...fieldProps(answer, "kind", "percent")}
      />
      <Field label="Valeur de la remise" inputMode="decimal" {...fieldProps(answer, "value", "")} />
      <Field label="Sous-total minimum (€, facultatif)" inputMode="decimal" {...fieldProps(answer, "minimum", "")} />
      <Field label="Valable du" type="date" {...fieldProps(answer, "start", today)} />
      <Field label="Jusqu'au (facultatif)" type="date" {...fieldProps(answer, "end", "")} />
      <Field label="Nombre total d'utilisations (facultatif)" inputMode="numeric" {...fieldProps(answer, "usageLimit", "")} />
      <label className="checkbox">
        <input type="checkbox" name="oncePerCustomer" defaultChecked={answer?.values.oncePerCustomer === "on"} /> Une seule fois par client
      </label>
      <button type="submit" className="button">
        Créer le code promo
      </button>
    </Form>
  );
}

export default function AdminCoupons({ loaderData }: Route.ComponentProps) {
  const { coupons, today } = loaderData;
  const answer = useActionData<typeof action>();
  const confirm = answer && "confirm" in answer ? answer.confirm : undefined;
  const createAnswer = answer && "intent" in answer && answer.intent === "create" ? (answer as FormAnswer<CouponFields>) : undefined;
  return (
    <div className="admin-coupons">
      <h1>Codes promo</h1>
      {confirm ? <ConfirmPanel confirm={confirm} cancelTo="/admin/coupons" /> : null}
      {coupons.length ? (
        <StackTable className="admin-table" caption="Codes promo de la boutique" columns={COLUMNS} rows={coupons} />
      ) : (
        <p>Aucun code promo.</p>
      )}
      <Section id="new-coupon" title="Nouveau code promo">
        <NewCoupon today={today} answer={createAnswer} />
      </Section>
    </div>
  );
}
