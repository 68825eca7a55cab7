import type { PriceView } from "~/models/catalog";

/** A price as buyers read it: the discounted price first, the original struck through beside it. */
export function Price({ price, className = "price" }: { price: PriceView; className?: string }) {
  return (
    <p className={className}>
      {price.from ? <span className="price-from">À partir de </span> : null}
      {price.regular ? (
        <>
          <span className="price-current price-discounted">
            <span className="visually-hidden">Prix réduit : </span>
            {price.current}
          </span>{" "}
          <del className="price-regular">
            <span className="visually-hidden">Prix normal : </span>
            {price.regular}
          </del>
        </>
      ) : (
        <span className="price-current">{price.current}</span>
      )}{" "}
      {/* French consumer law: prices shown to buyers say they include VAT. */}
      <abbr className="price-tax" title="toutes taxes comprises">
        TTC
      </abbr>
    </p>
  );
}
