import { Form, useActionData } from "react-router";
import type { Route } from "./+types/admin.products.$id";
import { ownerOf } from "~/.server/admin/owner.server";
import { Field } from "~/components/Field";
import { FormKey } from "~/components/FormKey";
import { Section } from "~/components/Section";
import { routeMeta } from "~/lib/meta";
import { fieldProps, type FormAnswer } from "~/models/form-answer";
import type { AdminProductDetail, StockLine } from "~/models/shop-admin";

export const meta: Route.MetaFunction = ({ matches, location, data }) =>
  routeMeta({ matches, location }, { title: data ? `${data.product.name} — Produits` : "Produit — Administration" });

export const handle = {
  breadcrumb: (match: { pathname: string; loaderData?: unknown }) => {
    const product = (match.loaderData as { product?: { name: string } } | undefined)?.product;
    return [{ label: "Produits", to: "/admin/products" }, ...(product ? [{ label: product.name, to: match.pathname }] : [])];
  },
};

export async function loader({ context, params }: Route.LoaderArgs) {
  return { product: await ownerOf(context).products.detail(params.id) };
}

/** The product's form or a variant's stock form: the owner handler reads it (app/.server/admin/shop-intents.server.ts). */
export async function action({ request, context, url, params }: Route.ActionArgs) {
  return ownerOf(context).products.act(request, params.id, url.pathname);
}

const dateFormat = new Intl.DateTimeFormat("fr-FR", { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Paris" });

type ProductFields = "visible" | "price" | "compareAt" | "ribbon";
type StockFields = "quantity" | "arrival";

function ProductForm({ product, answer }: { product: AdminProductDetail; answer?: FormAnswer<ProductFields> }) {
  return (
    <Form method="post" className="admin-product-form" noValidate>
      <FormKey />
      <input type="hidden" name="intent" value="product" />
      <input type="hidden" name="revision" value={product.revision} />
      <label className="checkbox">
        <input type="checkbox" name="visible" defaultChecked={answer ? answer.values.visible === "on" : product.visible} /> Visible dans la
        boutique
      </label>
      <Field label="Prix (€)" inputMode="decimal" {...fieldProps(answer, "price", product.price.amount.replace(".", ","))} />
      <Field
        label="Prix barré (€, facultatif)"
        inputMode="decimal"
        {...fieldProps(answer, "compareAt", product.compareAt?.amount.replace(".", ",") ?? "")}
      />
      <Field label="Ruban (facultatif, ex. « Nouveau »)" maxLength={30} {...fieldProps(answer, "ribbon", product.ribbon)} />
      <button type="submit" className="button">
        Enregistrer le produit
      </button>
    </Form>
  );
}

function StockRow({ line, answer }: { line: StockLine; answer?: FormAnswer<StockFields> }) {
  const name = line.label || "Stock";
  return (
    <li className="admin-stock-line">
      <p>
        <strong>{line.label || "Article"}</strong> :{" "}
        {line.quantity === null ? (line.inStock ? "non compté, en stock" : "non compté, épuisé") : `${line.quantity} en stock`}
      </p>
      <div className="admin-row-actions">
        <Form method="post" noValidate>
          <FormKey />
          <input type="hidden" name="variantId" value={line.variantId} />
          <Field
            label={`Niveau de stock${line.label ? ` (${name})` : ""}`}
            inputMode="numeric"
            maxLength={5}
            {...fieldProps(answer, "quantity", line.quantity === null ? "" : String(line.quantity))}
          />
          <button type="submit" name="intent" value="stock-set" className="button small">
            Fixer le stock
          </button>
        </Form>
        {line.quantity === null ? null : (
          <Form method="post" noValidate>
            <FormKey />
            <input type="hidden" name="variantId" value={line.variantId} />
            <Field
              label={`Arrivage${line.label ? ` (${name})` : ""}`}
              inputMode="numeric"
              maxLength={5}
              {...fieldProps(answer, "arrival", "")}
            />
            <button type="submit" name="intent" value="stock-add" className="button small">
              Ajouter l'arrivage
            </button>
          </Form>
        )}
      </div>
    </li>
  );
}

export default function AdminProduct({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  const answer = useActionData<typeof action>();
  const productAnswer = answer && "intent" in answer && answer.intent === "product" ? (answer as FormAnswer<ProductFields>) : undefined;
  const stockAnswer =
    answer && "intent" in answer && answer.intent === "stock" ? (answer as FormAnswer<StockFields> & { variantId: string }) : undefined;
  return (
    <div className="admin-product">
      <h1>{product.name}</h1>
      <p>
        <a href={`/products/${encodeURIComponent(product.slug)}`}>Voir dans la boutique</a>
      </p>
      <Section id="product" title="Prix, ruban et visibilité">
        <ProductForm product={product} answer={productAnswer} />
      </Section>
      <Section id="stock" title="Stock">
        <ul className="admin-stock">
          {product.stock.map((line) => (
            <StockRow key={line.variantId} line={line} answer={stockAnswer?.variantId === line.variantId ? stockAnswer : undefined} />
          ))}
        </ul>
      </Section>
      <Section id="history" title="Dernières modifications">
        {product.history.length ? (
          <ul>
            {product.history.map((h, i) => (
              <li key={i}>
                <span className="admin-muted-text">{dateFormat.format(new Date(h.date))}</span> — {h.text}
              </li>
            ))}
          </ul>
        ) : (
          <p>Aucune modification depuis le back-office.</p>
        )}
      </Section>
    </div>
  );
}
