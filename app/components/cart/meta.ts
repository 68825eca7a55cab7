import type { MetaDescriptor } from "react-router";

/** Cart, checkout and order pages are personal: same tags as any page, but never indexed. */
export function privatePageMeta(tags: MetaDescriptor[]): MetaDescriptor[] {
  return tags.map((tag) => ("name" in tag && tag.name === "robots" ? { name: "robots", content: "noindex, nofollow" } : tag));
}
