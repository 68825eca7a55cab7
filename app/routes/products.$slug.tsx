import { Link, redirect, useLocation, useRouteLoaderData } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/products.$slug";
import { routeCssLinks } from "~/lib/route-css";
import { commerceOf } from "~/.server/wix/commerce.server";
import { cartAction } from "~/.server/cart/cart-action.server";
import { refuseForm } from "~/.server/http/form.server";
import { routeMeta } from "~/lib/meta";
import type { Crumb } from "~/lib/breadcrumb";
import type { ProductPageData } from "~/models/catalog";
import { Price } from "~/components/catalog/Price";
import { PRODUCT_VAT_NOTE } from "~/models/vat";
import { ProductGallery } from "~/components/catalog/ProductGallery";
import { AddToCartForm } from "~/components/catalog/AddToCartForm";
import { JsonLd } from "~/components/JsonLd";
import { productLd } from "~/lib/structured-data";
import type { loader as rootLoader } from "~/root";
import { QUOTE_COLLECTIONS, quoteUrl } from "~/models/contact";
import { lowStockLabel } from "~/models/availability";
import { socialCardPath } from "~/lib/social-card";
import { acceptedQuantity } from "~/models/quantity";

export const links: Route.LinksFunction = routeCssLinks("catalog");

function productCrumbs(page: ProductPageData | undefined): Crumb[] {
  if (!page) return [];
  return [
    { label: "Boutique", to: "/products" },
    ...(page.collection ? [{ label: page.collection.name, to: `/collections/${page.collection.slug}` }] : []),
    { label: page.product.name, to: `/products/${page.product.slug}` },
  ];
}

export const handle = {
  css: "catalog",
  // Several crumbs: this flat route sits below the catalog (and its collection) in the trail.
  breadcrumb: (match: { data: unknown }) => productCrumbs(match.data as ProductPageData | undefined),
};

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) =>
  routeMeta(
    { matches, location },
    {
      title: loaderData?.product.name ?? "Boutique",
      ...(loaderData?.product.description ? { description: loaderData.product.description } : {}),
      // The product's photo at 1200 × 630; without one, the raster card drawn for it (docs/decisions/0033-raster-social-cards.md).
      ...(loaderData ? { image: loaderData.product.socialImage ?? socialCardPath("produit", loaderData.product.slug) } : {}),
    },
  );

export async function loader({ params, url, context }: Route.LoaderArgs) {
  return commerceOf(context).catalog.productPage(params.slug, url);
}

const chooseSchema = z.object({ intent: z.literal("choose") });

/** The page's address for a choice of options (and a typed quantity other than 1), as the GET options form builds it. */
function choiceUrl(pathname: string, options: string[], submitted: (name: string) => string | undefined, quantity?: string) {
  const params = new URLSearchParams();
  for (const name of options) {
    const value = submitted(name)?.trim();
    if (value) params.set(name, value.slice(0, 100));
  }
  const typed = acceptedQuantity(quantity);
  if (typed !== null && typed !== 1) params.set("quantite", String(typed));
  const search = params.toString();
  return search ? `${pathname}?${search}` : pathname;
}

/**
 * Without scripts the add form posts here (with scripts a fetcher posts it to `/cart`): "Choisir" shows the price
 * and stock of a choice; "Ajouter au panier" goes to the one cart action once the product is this page's, so a
 * refused add is answered on this page, beside its fields.
 */
export async function action({ request, context, params, url }: Route.ActionArgs) {
  const commerce = commerceOf(context);
  const formData = await request.formData();
  const submitted = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const product = await commerce.catalog.product(params.slug);
  if (chooseSchema.safeParse({ intent: submitted("intent") }).success) {
    const optionNames = product.options.map((o) => o.name);
    return redirect(choiceUrl(url.pathname, optionNames, submitted, submitted("quantity")), 303);
  }
  if (submitted("productId")?.trim() !== product.id) {
    return refuseForm({ values: {}, formError: "Ce produit ne correspond pas à cette page." });
  }
  // A form posted here without its redirectTo (an older page, a script) comes back to this page, as before.
  return cartAction(request, commerce, formData, url.pathname + url.search);
}

export default function Product({ loaderData }: Route.ComponentProps) {
  const { product, selection, imageIndex } = loaderData;
  const location = useLocation();
  const origin = useRouteLoaderData<typeof rootLoader>("root")?.site.origin;
  return (
    <article className="product-page">
      {origin ? (
        <JsonLd
          data={productLd({
            name: product.name,
            description: product.description,
            url: new URL(`/products/${product.slug}`, origin).href,
            images: product.images.map((image) => new URL(image.src, origin).href),
            ...(product.brand ? { brand: product.brand } : {}),
            ...product.offer,
          })}
        />
      ) : null}
      <ProductGallery images={product.images} index={imageIndex} name={product.name} />
      <div className="product-info">
        {product.ribbon ? <p className="ribbon ribbon-inline">{product.ribbon}</p> : null}
        <h1>{product.name}</h1>
        {product.brand ? <p className="product-brand">{product.brand}</p> : null}
        <div className="product-price" aria-live="polite">
          <Price price={selection.price} />
          {/* Wix's catalog does not say a product's tax group (docs/decisions/0082-vat-by-product.md): the rate comes
              with the cart, where Wix computes it for the destination. */}
          <p className="product-vat muted">{PRODUCT_VAT_NOTE}</p>
          {selection.availability.ok ? (
            lowStockLabel(selection.stockLeft) ? (
              <p className="stock-low">{lowStockLabel(selection.stockLeft)}</p>
            ) : (
              <p className="stock-in">En stock</p>
            )
          ) : selection.availability.reason === "incomplete" ? null : (
            <p className="stock-out">Rupture de stock</p>
          )}
        </div>
        <AddToCartForm
          key={product.id}
          returnTo={location.pathname + location.search}
          productId={product.id}
          options={selection.options}
          availability={selection.availability}
        />
        {loaderData.collection && QUOTE_COLLECTIONS.includes(loaderData.collection.slug) ? (
          <p className="quote-link">
            <Link to={quoteUrl(product.slug)} className="button button-ghost">
              Demander un devis
            </Link>
          </p>
        ) : null}
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
