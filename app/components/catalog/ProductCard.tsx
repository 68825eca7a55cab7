import { Link } from "react-router";
import type { ProductCardView } from "~/models/catalog";
import { Price } from "./Price";
import { ResponsiveImg } from "~/components/ResponsiveImg";

/** How many cards a wide screen shows above the fold: their images load at once, the rest lazily. */
export const EAGER_IMAGES = 4;

export function ProductCard({ product, eager }: { product: ProductCardView; eager: boolean }) {
  return (
    <li className="product-card" data-testid="product-card" data-out-of-stock={product.inStock ? undefined : ""}>
      <div className="product-card-media">
        {product.image ? (
          <ResponsiveImg image={product.image} alt={product.image.alt} loading={eager ? "eager" : "lazy"} />
        ) : (
          <div className="product-card-placeholder" aria-hidden="true" />
        )}
        {product.ribbon ? <span className="ribbon">{product.ribbon}</span> : null}
      </div>
      <div className="product-card-body">
        {/* h2: the cards sit right under the catalog's h1 (a skipped level is an accessibility fault). */}
        <h2 className="product-card-name">
          {/* The whole card is clickable through this link (stretched in CSS); one link per card for screen readers. */}
          <Link to={`/products/${product.slug}`} prefetch="intent">
            {product.name}
          </Link>
        </h2>
        <Price price={product.price} />
        {product.inStock ? null : <p className="stock-out">Rupture de stock</p>}
        {product.inStock && product.lowStock ? <p className="stock-low">{product.lowStock}</p> : null}
      </div>
    </li>
  );
}
