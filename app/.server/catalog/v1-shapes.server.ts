/**
 * The parts of Stores Catalog V1's product (`products`) the app reads: the shop's reader (reader-v1.server.ts) and
 * the owner's product pages (admin/shop-products.server.ts) read the same SDK object, so they share its shape.
 */

export interface V1Price {
  currency?: string | null;
  price?: number | null;
  discountedPrice?: number | null;
}
export interface V1Product {
  _id?: string | null;
  slug?: string | null;
  name?: string | null;
  description?: string | null;
  visible?: boolean | null;
  ribbon?: string | null;
  brand?: string | null;
  priceData?: V1Price | null;
  price?: V1Price | null;
  priceRange?: { minValue?: number | null; maxValue?: number | null } | null;
  stock?: { trackInventory?: boolean | null; inStock?: boolean | null; inventoryStatus?: string | null; quantity?: number | null } | null;
  media?: {
    mainMedia?: V1Media | null;
    items?: V1Media[] | null;
  } | null;
  productOptions?: Array<{
    optionType?: string | null;
    name?: string | null;
    choices?: Array<{ value?: string | null; description?: string | null; inStock?: boolean | null; visible?: boolean | null }> | null;
  }> | null;
  variants?: Array<{
    _id?: string | null;
    choices?: Record<string, string> | null;
    variant?: { priceData?: V1Price | null; visible?: boolean | null } | null;
    stock?: { inStock?: boolean | null; quantity?: number | null } | null;
  }> | null;
  collectionIds?: string[] | null;
  lastUpdated?: Date | string | null;
}
export interface V1Media {
  /** The Wix Media id (the SDK renames the wire's `id`). */
  _id?: string | null;
  image?: { url?: string | null; width?: number | null; height?: number | null; altText?: string | null } | null;
  mediaType?: string | null;
  title?: string | null;
}
