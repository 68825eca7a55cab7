import {
  optionFieldKey,
  type Availability,
  type OptionFieldKey,
  type CatalogOption,
  type CatalogProduct,
  type CatalogVariant,
  type OptionView,
  type PriceView,
  type Selection,
} from "~/models/catalog";
import { priceView } from "./views.server";

/** Options and variants: what a choice of options resolves to, and whether it may be added to the cart (pure). */

const isColor = (value: string) => /^#[0-9a-f]{3,8}$/i.test(value) || /^(rgb|hsl)a?\(/i.test(value);

function optionsOf(p: CatalogProduct): CatalogOption[] {
  return p.options.filter((o) => o.name && o.choices.length > 0);
}

export function hasOptions(p: CatalogProduct): boolean {
  return optionsOf(p).length > 0;
}

function variantInStock(v: CatalogVariant): boolean {
  return v.inStock && v.visible;
}

function matches(v: CatalogVariant, chosen: Record<string, string>): boolean {
  return Object.entries(chosen).every(([name, description]) => v.choices[name] === description);
}

/**
 * What the query string (`?Taille=M&Couleur=Noir`, option names as keys) selects
 * on a product: each value is matched on the choice's description (what the URL
 * carries) or its value; unknown values count as not chosen. Gives the variant,
 * its price with the discount applied, and whether it can be added to the cart.
 */
export function resolveSelection(p: CatalogProduct, params: URLSearchParams | Record<string, string>): Selection {
  const get = (name: string) => (params instanceof URLSearchParams ? params.get(name) : params[name]) ?? undefined;
  const options = optionsOf(p);
  const variants = p.variants;
  const currency = p.price.currency;
  const chosen: Record<string, string> = {};
  for (const option of options) {
    const raw = get(option.name);
    if (raw === undefined || raw === "") continue;
    const choice = option.choices.find((c) => c.description === raw) ?? option.choices.find((c) => c.value === raw);
    if (choice?.description) chosen[option.name] = choice.description;
  }
  const missing = options.map((o) => o.name).filter((name) => !(name in chosen));

  const optionViews: OptionView[] = options.map((option) => {
    const others = Object.fromEntries(Object.entries(chosen).filter(([name]) => name !== option.name));
    return {
      name: option.name,
      type: option.type,
      selected: chosen[option.name],
      choices: option.choices
        .filter((c) => c.description && c.visible)
        .map((c) => ({
          value: c.value,
          description: c.description,
          ...(option.type === "color" && isColor(c.value) ? { color: c.value } : {}),
          inStock: variants.length
            ? variants.some((v) => matches(v, { ...others, [option.name]: c.description }) && variantInStock(v))
            : c.inStock,
          selected: chosen[option.name] === c.description,
        })),
    };
  });

  const productInStock = p.inStock;
  if (options.length === 0) {
    const left = stockLeft(p);
    return {
      options: [],
      chosen,
      missing,
      price: priceView(p.price, currency),
      availability: productInStock ? { ok: true } : { ok: false, reason: "product-out-of-stock", message: "Produit en rupture de stock" },
      ...(left !== undefined ? { stockLeft: left } : {}),
    };
  }

  const candidates = variants.filter((v) => matches(v, chosen));
  const variant = missing.length === 0 ? candidates[0] : undefined;
  let price: PriceView;
  if (variant) {
    price = priceView(variant.price ?? p.price, currency);
  } else {
    // Several variants still possible: show the lowest price they lead to, marked "from" when they differ.
    const paid = (v: CatalogVariant) => v.price?.discounted;
    const priced = candidates.filter((v) => typeof paid(v) === "number");
    if (priced.length === 0) price = priceView(p.price, currency);
    else {
      const cheapest = priced.reduce((a, b) => (paid(b)! < paid(a)! ? b : a));
      const varies = priced.some((v) => paid(v) !== paid(cheapest));
      price = priceView(cheapest.price, currency, varies);
    }
  }

  const anyInStock = productInStock && (variants.length === 0 || variants.some(variantInStock));
  let availability: Availability;
  if (!anyInStock) availability = { ok: false, reason: "product-out-of-stock", message: "Produit en rupture de stock" };
  else if (missing.length > 0) availability = { ok: false, reason: "incomplete", message: `Choisissez : ${missing.join(", ")}` };
  else if (!variant || !variantInStock(variant))
    availability = { ok: false, reason: "variant-out-of-stock", message: "Cette déclinaison est en rupture de stock" };
  else availability = { ok: true };

  const left = variant ? stockLeft(p, variant.id) : undefined;
  return {
    options: optionViews,
    chosen,
    missing,
    ...(variant ? { variantId: variant.id } : {}),
    price,
    availability,
    ...(left !== undefined ? { stockLeft: left } : {}),
  };
}

/**
 * How many of a variant (or of a product without options) are left, when the catalog counts them; undefined when it
 * does not (untracked stock, a service, a V3 inventory read that failed).
 */
export function stockLeft(p: CatalogProduct, variantId?: string): number | undefined {
  const variant = variantId ? p.variants.find((v) => v.id === variantId) : undefined;
  return variant ? variant.stockLeft : p.stockLeft;
}

export type AddToCartCheck =
  | { ok: true; variantId?: string; chosen: Record<string, string>; /** Stock left, when counted. */ left?: number }
  | { ok: false; message: string; field?: OptionFieldKey };

/**
 * Server-side check of an add-to-cart request against the product, from the
 * options the form submitted (never from a variant id computed for an older
 * page): each option must name one of its choices, the combination must be a
 * variant, and that variant must be in stock. Gives the French reason and the
 * option it belongs to when not.
 */
export function checkAddToCart(p: CatalogProduct, submitted: (name: string) => string | undefined): AddToCartCheck {
  if (!hasOptions(p)) {
    if (!p.inStock) return { ok: false, message: "Produit en rupture de stock" };
    // Catalog V3: even a product without options is bought as its one variant.
    const sole = p.lineNeedsVariant ? p.variants[0]?.id : undefined;
    const left = stockLeft(p, sole);
    return { ok: true, chosen: {}, ...(sole ? { variantId: sole } : {}), ...(left !== undefined ? { left } : {}) };
  }
  const options = optionsOf(p);
  const chosen: Record<string, string> = {};
  const missing: string[] = [];
  for (const option of options) {
    const raw = submitted(option.name)?.trim();
    if (!raw) {
      missing.push(option.name);
      continue;
    }
    const choice = option.choices.find((c) => c.visible && (c.description === raw || c.value === raw));
    if (!choice?.description) {
      return {
        ok: false,
        field: optionFieldKey(option.name),
        message: `Ce choix n'existe pas pour « ${option.name} » : choisissez dans la liste.`,
      };
    }
    chosen[option.name] = choice.description;
  }
  if (missing.length > 0) return { ok: false, message: `Choisissez : ${missing.join(", ")}` };
  const last = optionFieldKey(options.at(-1)!.name);
  const label = Object.entries(chosen)
    .map(([name, value]) => `${name} ${value}`)
    .join(", ");
  const variants = p.variants;
  const variant = variants.find((v) => matches(v, chosen));
  if (variants.length > 0 && !variant) {
    return { ok: false, field: last, message: `${label} n'existe pas : choisissez une autre combinaison.` };
  }
  if (!p.inStock || (variant && !variantInStock(variant))) {
    return { ok: false, field: last, message: `${label} : épuisé. Choisissez une autre déclinaison.` };
  }
  const left = variant ? stockLeft(p, variant.id) : undefined;
  return { ok: true, chosen, ...(variant ? { variantId: variant.id } : {}), ...(left !== undefined ? { left } : {}) };
}
