import type { VatBreakdown } from "./cart";

export type { VatBreakdown };

/** The invoice's and the pages' mention for goods shipped outside the EU. */
export const EXPORT_EXEMPTION = "Exonération de TVA, article 262 I du CGI";

export const NO_VAT: VatBreakdown = { rates: [], exempt: false };

/** Under a product's price: the rate depends on the product and on where it goes, and the cart gives it. */
export const PRODUCT_VAT_NOTE = "TVA incluse, au taux de l'article et du pays de livraison (détail au panier).";
