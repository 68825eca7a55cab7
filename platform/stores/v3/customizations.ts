// Customizations V3 (`@wix/stores` customizationsV3): the site's product options, one per option name its products use,
// with every choice any product offers (the ids the products' options and variants carry, wire.ts). Read-only here:
// the owner's catalog edits make them; the platform has no modifiers, so every customization is a PRODUCT_OPTION.
// Query Customizations only (Get Customization's not-found code is not in the typings: platform/README.md).
import type { Ctx } from "../../core/context";
import type { ApiRequest } from "../../core/http";
import { loadAllProducts } from "../catalog-store";
import { choiceId, isColor, optionId } from "./wire";
import { readV3Request, requestedFields, runV3Request } from "./query-v3";

/** What Query Customizations filters and sorts on (the typings' CustomizationQuerySpec, in wire names). */
const SORTABLE = ["createdDate", "id", "updatedDate", "name"];
const DECLARED = {
  filterable: new Set([...SORTABLE, "customizationRenderType", "customizationType"]),
  sortable: new Set(SORTABLE),
};
const FIELDS = ["ASSIGNED_PRODUCTS_COUNT", "CHOICE_DISPLAY_IMAGE"] as const;

/** The read-only key "generated from the customization name" (Customization Object), used in catalog references. */
const keyOf = (name: string) =>
  name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9]+/g, "")
    .slice(0, 50) || "option";

function allCustomizations(ctx: Ctx, withCount: boolean) {
  const seeded = (ctx.db.prepare("SELECT value FROM meta WHERE key = 'seeded'").get() as { value: string } | undefined)?.value;
  const date = seeded ?? new Date(0).toISOString();
  const byName = new Map<string, { swatch: boolean; choices: Map<string, string>; products: number }>();
  for (const p of loadAllProducts(ctx, true))
    for (const o of p.options) {
      const c = byName.get(o.name) ?? { swatch: o.optionType === "color", choices: new Map(), products: 0 };
      for (const choice of o.choices) if (!c.choices.has(choice.description)) c.choices.set(choice.description, choice.value);
      c.products += 1;
      byName.set(o.name, c);
    }
  return [...byName].map(([name, c]) => ({
    id: optionId(name),
    revision: "1",
    createdDate: date,
    updatedDate: date,
    key: keyOf(name),
    name,
    customizationType: "PRODUCT_OPTION",
    customizationRenderType: c.swatch ? "SWATCH_CHOICES" : "TEXT_CHOICES",
    choicesSettings: {
      choices: [...c.choices].map(([choice, value]) => ({
        id: choiceId(name, choice),
        choiceType: c.swatch ? "ONE_COLOR" : "CHOICE_TEXT",
        key: keyOf(choice),
        name: choice,
        ...(c.swatch && isColor(value) ? { colorCode: value } : {}),
      })),
    },
    ...(withCount ? { assignedProductsCount: c.products } : {}),
  }));
}

function queryCustomizations(ctx: Ctx, req: ApiRequest) {
  const r = readV3Request(req.body, "query", DECLARED);
  const withCount = requestedFields(req.body, FIELDS).has("ASSIGNED_PRODUCTS_COUNT");
  const { items, pagingMetadata } = runV3Request(allCustomizations(ctx, withCount), r);
  return { customizations: items, pagingMetadata };
}

export const customizationHandlers = { queryCustomizations };
