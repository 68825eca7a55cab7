import { optionFieldKey, type Availability, type OptionView, type PriceView, type Selection } from "~/models/catalog";
import { isProductInStock, priceView, productPriceData, type SdkOption, type SdkProduct, type SdkVariant } from "./catalog-views.server";

/** Options and variants: what a choice of options resolves to, and whether it may be added to the cart (pure). */

const isColor = (value: string) => /^#[0-9a-f]{3,8}$/i.test(value) || /^(rgb|hsl)a?\(/i.test(value);

function optionsOf(p: SdkProduct): SdkOption[] {
  return (p.productOptions ?? []).filter((o) => o.name && (o.choices?.length ?? 0) > 0);
}

export function hasOptions(p: SdkProduct): boolean {
  return optionsOf(p).length > 0;
}

function variantInStock(v: SdkVariant): boolean {
  return v.stock?.inStock !== false && v.variant?.visible !== false;
}

function matches(v: SdkVariant, chosen: Record<string, string>): boolean {
  return Object.entries(chosen).every(([name, description]) => v.choices?.[name] === description);
}

/**
 * What the query string (`?Taille=M&Couleur=Noir`, option names as keys) selects
 * on a product: each value is matched on the choice's description (what the URL
 * carries) or its value; unknown values count as not chosen. Gives the variant,
 * its price with the discount applied, and whether it can be added to the cart.
 */
export function resolveSelection(p: SdkProduct, params: URLSearchParams | Record<string, string>): Selection {
  const get = (name: string) => (params instanceof URLSearchParams ? params.get(name) : params[name]) ?? undefined;
  const options = optionsOf(p);
  const variants = p.variants ?? [];
  const chosen: Record<string, string> = {};
  for (const option of options) {
    const raw = get(option.name!);
    if (raw === undefined || raw === "") continue;
    const choice = option.choices!.find((c) => c.description === raw) ?? option.choices!.find((c) => c.value === raw);
    if (choice?.description) chosen[option.name!] = choice.description;
  }
  const missing = options.map((o) => o.name!).filter((name) => !(name in chosen));

  const optionViews: OptionView[] = options.map((option) => {
    const others = Object.fromEntries(Object.entries(chosen).filter(([name]) => name !== option.name));
    const type = option.optionType === "color" ? "color" : "drop_down";
    return {
      name: option.name!,
      type,
      selected: chosen[option.name!],
      choices: option
        .choices!.filter((c) => c.description && c.visible !== false)
        .map((c) => ({
          value: c.value ?? c.description!,
          description: c.description!,
          ...(type === "color" && c.value && isColor(c.value) ? { color: c.value } : {}),
          inStock: variants.length
            ? variants.some((v) => matches(v, { ...others, [option.name!]: c.description! }) && variantInStock(v))
            : c.inStock !== false,
          selected: chosen[option.name!] === c.description,
        })),
    };
  });

  const productInStock = isProductInStock(p);
  if (options.length === 0) {
    const left = stockLeft(p);
    return {
      options: [],
      chosen,
      missing,
      price: priceView(productPriceData(p)),
      availability: productInStock ? { ok: true } : { ok: false, reason: "product-out-of-stock", message: "Produit en rupture de stock" },
      ...(left !== undefined ? { stockLeft: left } : {}),
    };
  }

  const candidates = variants.filter((v) => matches(v, chosen));
  const variant = missing.length === 0 ? candidates[0] : undefined;
  let price: PriceView;
  if (variant) {
    price = priceView(variant.variant?.priceData ?? productPriceData(p));
  } else {
    // Several variants still possible: show the lowest price they lead to, marked "from" when they differ.
    const paid = (v: SdkVariant) => v.variant?.priceData?.discountedPrice ?? v.variant?.priceData?.price;
    const priced = candidates.filter((v) => typeof paid(v) === "number");
    if (priced.length === 0) price = priceView(productPriceData(p));
    else {
      const cheapest = priced.reduce((a, b) => (paid(b)! < paid(a)! ? b : a));
      const varies = priced.some((v) => paid(v) !== paid(cheapest));
      price = priceView(cheapest.variant!.priceData, varies);
    }
  }

  const anyInStock = productInStock && (variants.length === 0 || variants.some(variantInStock));
  let availability: Availability;
  if (!anyInStock) availability = { ok: false, reason: "product-out-of-stock", message: "Produit en rupture de stock" };
  else if (missing.length > 0) availability = { ok: false, reason: "incomplete", message: `Choisissez : ${missing.join(", ")}` };
  else if (!variant || !variantInStock(variant))
    availability = { ok: false, reason: "variant-out-of-stock", message: "Cette déclinaison est en rupture de stock" };
  else availability = { ok: true };

  const left = variant ? stockLeft(p, variant._id ?? undefined) : undefined;
  return {
    options: optionViews,
    chosen,
    missing,
    ...(variant?._id ? { variantId: variant._id } : {}),
    price,
    availability,
    ...(left !== undefined ? { stockLeft: left } : {}),
  };
}

/**
 * How many of a variant (or of a product without options: its one default variant, else the product's stock) are
 * left, when the platform counts them; undefined when it does not (untracked stock, a service).
 */
export function stockLeft(p: SdkProduct, variantId?: string): number | undefined {
  const variants = p.variants ?? [];
  const variant = variantId ? variants.find((v) => v._id === variantId) : variants.length === 1 ? variants[0] : undefined;
  const quantity = variant ? variant.stock?.quantity : p.stock?.quantity;
  return typeof quantity === "number" ? Math.max(0, quantity) : undefined;
}

export type AddToCartCheck =
  | { ok: true; variantId?: string; chosen: Record<string, string>; /** Stock left, when counted. */ left?: number }
  | { ok: false; message: string; field?: string };

/**
 * Server-side check of an add-to-cart request against the product, from the
 * options the form submitted (never from a variant id computed for an older
 * page): each option must name one of its choices, the combination must be a
 * variant, and that variant must be in stock. Gives the French reason and the
 * option it belongs to when not.
 */
export function checkAddToCart(p: SdkProduct, submitted: (name: string) => string | undefined): AddToCartCheck {
  if (!hasOptions(p)) {
    if (!isProductInStock(p)) return { ok: false, message: "Produit en rupture de stock" };
    const left = stockLeft(p);
    return { ok: true, chosen: {}, ...(left !== undefined ? { left } : {}) };
  }
  const options = optionsOf(p);
  const chosen: Record<string, string> = {};
  const missing: string[] = [];
  for (const option of options) {
    const raw = submitted(option.name!)?.trim();
    if (!raw) {
      missing.push(option.name!);
      continue;
    }
    const choice = option.choices!.find((c) => c.visible !== false && (c.description === raw || c.value === raw));
    if (!choice?.description) {
      return {
        ok: false,
        field: optionFieldKey(option.name!),
        message: `Ce choix n'existe pas pour « ${option.name} » : choisissez dans la liste.`,
      };
    }
    chosen[option.name!] = choice.description;
  }
  if (missing.length > 0) return { ok: false, message: `Choisissez : ${missing.join(", ")}` };
  const last = optionFieldKey(options.at(-1)!.name!);
  const label = Object.entries(chosen)
    .map(([name, value]) => `${name} ${value}`)
    .join(", ");
  const variants = p.variants ?? [];
  const variant = variants.find((v) => matches(v, chosen));
  if (variants.length > 0 && !variant) {
    return { ok: false, field: last, message: `${label} n'existe pas : choisissez une autre combinaison.` };
  }
  if (!isProductInStock(p) || (variant && !variantInStock(variant))) {
    return { ok: false, field: last, message: `${label} : épuisé. Choisissez une autre déclinaison.` };
  }
  const left = variant ? stockLeft(p, variant._id ?? undefined) : undefined;
  return { ok: true, chosen, ...(variant?._id ? { variantId: variant._id } : {}), ...(left !== undefined ? { left } : {}) };
}
