import { couponForm, couponIntentForm, productForm, stockForm } from "~/models/shop-admin";
import { parseForm, refuseForm } from "../http/form.server";
import { adminRefusal, runAdminAction, runButtonIntent } from "./actions.server";
import type { ElevatedClient } from "./elevated-client.server";
import { couponCodeTaken, createCoupon, deleteCoupon, setCouponActive } from "./shop-coupons.server";
import { changeStock, productDetail, updateProduct } from "./shop-products.server";

/**
 * The shop pages' forms, each a row: a product's form (visibility, prices, ribbon) and one stock form per variant (a
 * level or an arrival) on the product page; the new coupon's form and each coupon's buttons (pause, resume, delete
 * after a confirmation) on the coupons page. Typed fields come back as a FormAnswer beside them (decision 0022),
 * tagged with the form (`intent`); buttons' hidden fields as a notification.
 */

export async function runProductIntent(admin: ElevatedClient, request: Request, id: string, back: string) {
  const form = await request.formData();
  const intent = form.get("intent");
  const product = await productDetail(admin, id);
  if (intent === "product") {
    const parsed = parseForm(productForm, form);
    if (!parsed.ok) return refuseForm(parsed, { intent: "product" as const });
    return runAdminAction(request, { redirectTo: back, confirmed: true, run: () => updateProduct(admin, product, parsed.data) });
  }
  if (intent === "stock-set" || intent === "stock-add") {
    const parsed = parseForm(stockForm, form);
    const line = product.stock.find((s) => s.variantId === form.get("variantId"));
    if (!line) return adminRefusal(request, back, "Cette déclinaison n'existe plus : rechargez la page.");
    if (!parsed.ok) return refuseForm(parsed, { intent: "stock" as const, variantId: line.variantId });
    const input = parsed.data;
    return runAdminAction(request, {
      redirectTo: back,
      confirmed: true,
      run: () => changeStock(admin, product, line, input.intent === "stock-set" ? { set: input.quantity } : { add: input.arrival }),
    });
  }
  return adminRefusal(request, back, "Action inconnue.");
}

export async function runCouponIntent(admin: ElevatedClient, request: Request, back: string) {
  const form = await request.formData();
  if (form.get("intent") === "create") {
    const parsed = parseForm(couponForm, form);
    if (!parsed.ok) return refuseForm(parsed, { intent: "create" as const });
    if (await couponCodeTaken(admin, parsed.data.code))
      return refuseForm(
        { values: parsed.values, fieldErrors: { code: "Ce code existe déjà : choisissez-en un autre." } },
        { intent: "create" as const },
      );
    return runAdminAction(request, { redirectTo: back, confirmed: true, run: () => createCoupon(admin, parsed.data) });
  }
  return runButtonIntent(request, back, form, couponIntentForm, ({ intent, couponId, code }) => ({
    confirm:
      intent === "delete"
        ? {
            question: `Supprimer le code promo ${code} ?`,
            details: ["Il ne pourra plus être saisi ; les commandes qui l'ont utilisé le gardent."],
            fields: { intent, couponId, code },
            button: "Supprimer le code promo",
          }
        : undefined,
    run: () => (intent === "delete" ? deleteCoupon(admin, couponId, code) : setCouponActive(admin, couponId, code, intent === "resume")),
  }));
}
