// What a demo photo shows: the product (or site picture) it belongs to and which of its photos it is.

export interface Subject {
  slug: string;
  name: string;
  collection: string;
  /** 1 for a product's main photo, 2 and 3 for its gallery's other angles. */
  variant: number;
  /** The product's own colour (covers, prints), the same on all its photos. */
  ink: string;
}
