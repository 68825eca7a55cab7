import { data, useLocation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/products.$slug";
import catalogStyles from "~/styles/catalog.css?url";
import { commerceOf } from "~/.server/commerce.server";
import { checkAddToCart, loadProductPage, productBySlug } from "~/.server/catalog.server";
import { addToCart } from "~/.server/cart.server";
import { failedAction } from "~/.server/wix-errors.server";
import { redirectWithToast } from "~/.server/toast.server";
import { parseForm, quantityField } from "~/lib/forms";
import { pageMeta, rootSite, siteMetaFor } from "~/lib/meta";
import type { Crumb } from "~/lib/breadcrumb";
import type { ProductPageData } from "~/components/catalog/model";
import { Price } from "~/components/catalog/Price";
import { ProductGallery } from "~/components/catalog/ProductGallery";
import { ProductOptions } from "~/components/catalog/ProductOptions";
import { AddToCartForm } from "~/components/catalog/AddToCartForm";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: catalogStyles }];

function productCrumbs(page: ProductPageData | undefined): Crumb[] {
  if (!page) return [];
  return [
    { label: "Boutique", to: "/products" },
    ...(page.collection ? [{ label: page.collection.name, to: `/collections/${page.collection.slug}` }] : []),
    { label: page.product.name, to: `/products/${page.product.slug}` },
  ];
}

export const handle = {
  // Several crumbs: this flat route sits below the catalog (and its collection) in the trail.
  breadcrumb: (match: { data: unknown }) => productCrumbs(match.data as ProductPageData | undefined),
};

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) =>
  pageMeta(siteMetaFor(rootSite(matches), location.pathname), {
    title: loaderData?.product.name ?? "Boutique",
    ...(loaderData?.product.description ? { description: loaderData.product.description } : {}),
  });

export async function loader({ params, url }: Route.LoaderArgs) {
  return loadProductPage(params.slug, url);
}

const addSchema = z.object({
  intent: z.literal("add", { error: "Action inconnue." }),
  productId: z.string({ error: "Produit manquant." }).trim().min(1, "Produit manquant."),
  variantId: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  quantity: quantityField(99),
});

export async function action({ request, context, params, url }: Route.ActionArgs) {
  const commerce = commerceOf(context);
  // `url` is the page's own address (no `.data` suffix): back to the same product page, options kept.
  const back = url.pathname + url.search;
  const parsed = parseForm(addSchema, await request.formData());
  if (!parsed.ok) {
    const { quantity, ...others } = parsed.fieldErrors;
    const formError = Object.values(others)[0];
    return data({ fieldErrors: quantity ? { quantity } : {}, formError, values: parsed.values }, { status: 400 });
  }
  const product = await productBySlug(params.slug);
  if (parsed.data.productId !== product._id) {
    return data({ fieldErrors: {}, formError: "Ce produit ne correspond pas à cette page.", values: parsed.values }, { status: 400 });
  }
  const check = checkAddToCart(product, parsed.data.variantId);
  if (!check.ok) return data({ fieldErrors: {}, formError: check.message, values: parsed.values }, { status: 400 });
  try {
    await addToCart(commerce, { productId: product._id, quantity: parsed.data.quantity, variantId: check.variantId });
  } catch (error) {
    return failedAction(request, error, { redirectTo: back, fieldMap: { quantity: "quantity" }, values: parsed.values });
  }
  return redirectWithToast(request, back, { type: "success", title: "Ajouté au panier" });
}

export default function Product({ loaderData }: Route.ComponentProps) {
  const { product, selection, imageIndex } = loaderData;
  const location = useLocation();
  return (
    <article className="product-page">
      <ProductGallery images={product.images} index={imageIndex} name={product.name} />
      <div className="product-info">
        {product.ribbon ? <p className="ribbon ribbon-inline">{product.ribbon}</p> : null}
        <h1>{product.name}</h1>
        {product.brand ? <p className="product-brand">{product.brand}</p> : null}
        <div className="product-price" aria-live="polite">
          <Price price={selection.price} />
          {selection.availability.ok ? (
            <p className="stock-in">En stock</p>
          ) : selection.availability.reason === "incomplete" ? null : (
            <p className="stock-out">Rupture de stock</p>
          )}
        </div>
        <ProductOptions key={product.id} options={selection.options} action={location.pathname} />
        <AddToCartForm
          key={`${product.id}:${selection.variantId ?? ""}`}
          action={location.pathname + location.search}
          productId={product.id}
          variantId={selection.variantId}
          availability={selection.availability}
        />
        {product.descriptionHtml ? (
          <section className="product-description" aria-labelledby="product-description-title">
            <h2 id="product-description-title">Description</h2>
            <div dangerouslySetInnerHTML={{ __html: product.descriptionHtml }} />
          </section>
        ) : null}
      </div>
    </article>
  );
}
