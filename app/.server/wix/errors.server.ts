import { data } from "react-router";
import type { FlashToastInput } from "~/lib/toast";
import type { FieldErrors, FormValues } from "~/models/form-answer";
import { refuseForm } from "../http/form.server";
import { redirectWithToast } from "../http/toast.server";
import { UNAVAILABLE_MESSAGE } from "./commerce-session.server";
import { isThrottled, THROTTLED_MESSAGE, throttledScreen } from "./throttle.server";

/**
 * The one place that understands errors thrown by the Wix SDK (real Wix and the
 * embedded platform alike): field validation errors go beside form fields,
 * application errors become a French notification, anything else is a system
 * error shown on the error screen with its request id. Routes never reword SDK
 * errors themselves.
 */

type WixFailure =
  | { kind: "validation"; fields: Array<{ field: string; description: string }>; requestId?: string }
  | { kind: "application"; code: string; description: string; requestId?: string }
  | { kind: "system"; requestId?: string };

interface SdkErrorShape {
  message?: unknown;
  requestId?: unknown;
  details?: {
    requestId?: unknown;
    validationError?: { fieldViolations?: Array<{ field?: unknown; description?: unknown }> };
    applicationError?: { code?: unknown; description?: unknown };
  };
}

/** A `data()`/`redirect()` thrown on purpose by our own code (e.g. the 503 of an outage): not an SDK error. */
function routerThrowable(error: unknown): { init: ResponseInit | null; data: unknown } | Response | null {
  if (error instanceof Response) return error;
  if (typeof error === "object" && error !== null && (error as { type?: unknown }).type === "DataWithResponseInit") {
    return error as { init: ResponseInit | null; data: unknown };
  }
  return null;
}

export function classifyWixError(error: unknown): WixFailure {
  const e = (typeof error === "object" && error !== null ? error : {}) as SdkErrorShape;
  const rawId = e.requestId ?? e.details?.requestId;
  const requestId = typeof rawId === "string" && rawId ? rawId : undefined;
  // Wix's throttle (the site past its API budget) is known by its status, whatever its body says (throttle.server.ts).
  if (isThrottled(error)) return { kind: "application", code: "429", description: "", requestId };
  const violations = e.details?.validationError?.fieldViolations;
  if (Array.isArray(violations)) {
    return {
      kind: "validation",
      requestId,
      fields: violations.map((v) => ({ field: String(v.field ?? ""), description: String(v.description ?? "") })),
    };
  }
  const app = e.details?.applicationError;
  // Wix answers system errors with empty details: the SDK then puts the HTTP status (a number) as the code.
  // 503 is an outage (its own screen); any other 5xx is a system error.
  if (typeof app?.code === "number" && app.code >= 500 && app.code !== 503) return { kind: "system", requestId };
  if (app && app.code !== undefined && app.code !== null) {
    return { kind: "application", code: String(app.code), description: String(app.description ?? ""), requestId };
  }
  return { kind: "system", requestId };
}

/**
 * Wix's refusals of an entered coupon code, in French: Cart V2's codes (AddCouponToCurrentCartApplicationErrors and the
 * cart's violations), then Checkout V1's ERROR_COUPON_* family (the V1 checkout typings), the only ones Wix answers for
 * a coupon. The cart's coupon form tells each of them beside its code field.
 */
export const COUPON_REFUSALS: Record<string, string> = {
  INVALID_COUPON_CODE: "Ce code promo n'existe pas ou n'est plus valable.",
  INVALID_COUPON_STATUS: "Ce code promo n'est pas valable pour ce panier.",
  COUPON_ALREADY_EXISTS: "Ce code promo est déjà appliqué.",
  MAX_COUPONS_PER_CART_EXCEEDED: "Un seul code promo par commande : retirez celui du panier pour en saisir un autre.",
  COUPON_LOCKED: "Le code promo de ce panier ne peut pas être changé.",
  ERROR_COUPON_DOES_NOT_EXIST: "Ce code promo n'existe pas ou n'est plus valable.",
  ERROR_COUPON_HAS_EXPIRED: "Ce code promo a expiré.",
  ERROR_COUPON_IS_NOT_ACTIVE_YET: "Ce code promo n'est pas encore valable.",
  // Wix's coupon limits (specification.usageLimit, limitPerCustomer), as the SDK's checkout typings name them.
  ERROR_COUPON_USAGE_EXCEEDED: "Ce code promo a atteint son nombre d'utilisations : retirez-le du panier.",
  // Said the same to a member who used it and to a visitor (the embedded platform keeps it for members, decision 0057):
  // the message tells nobody whether an address has used it.
  ERROR_COUPON_LIMIT_PER_CUSTOMER_EXCEEDED:
    "Ce code promo vaut une fois par client connecté à son compte : il ne s'applique pas à cette commande. Retirez-le du panier.",
};

const APPLICATION_MESSAGES: Record<string, string> = {
  SERVICE_UNAVAILABLE: UNAVAILABLE_MESSAGE,
  "503": UNAVAILABLE_MESSAGE,
  OWNED_CART_NOT_FOUND: "Votre panier est vide.",
  CURRENT_CART_NOT_FOUND: "Votre panier est vide.",
  ...COUPON_REFUSALS,
  // Removing a coupon the cart no longer holds: a notification, not a field error.
  COUPON_NOT_FOUND_IN_CART: "Ce code promo n'est plus dans votre panier.",
  // Cart V2's refusals the app can meet (the *ApplicationErrors unions of the SDK's cart-v2 typings).
  INSUFFICIENT_INVENTORY: "Il n'en reste pas assez en stock pour cette quantité (en comptant votre panier).",
  ITEM_NOT_FOUND_IN_CATALOG: "Ce produit ou cette déclinaison n'existe plus.",
  LINE_ITEM_NOT_FOUND_IN_CART: "Cet article n'est plus dans votre panier.",
  CART_ALREADY_ORDERED: "Ce panier a déjà été commandé : votre panier actuel est vide.",
  NO_LINE_ITEMS_TO_ADD: "Aucun article à ajouter.",
  MAX_LINE_ITEMS_EXCEEDED: "Votre panier a atteint le nombre maximal d'articles différents.",
  DELIVERY_METHOD_NOT_FOUND: "Ce mode de livraison n'est plus proposé : choisissez-en un autre.",
  DELIVERY_METHOD_MISSING_LINE_ITEMS: "Aucun article du panier n'est à livrer.",
  DELIVERY_METHOD_MISSING_ADDRESS: "Indiquez l'adresse de livraison pour ce mode de livraison.",
  CART_REVISION_MISMATCH: "Votre panier a changé entre-temps : vérifiez-le avant de continuer.",
  INVALID_ADDRESS_FORMAT: "Adresse non valide : vérifiez le pays.",
  OUT_OF_STOCK: "Cet article n'est plus disponible dans la quantité demandée.",
  ITEM_OUT_OF_STOCK: "Cet article n'est plus disponible dans la quantité demandée.",
  LINE_ITEM_NOT_FOUND: "Cet article n'est plus dans votre panier.",
  ITEM_NOT_FOUND: "Ce produit n'existe plus.",
  PRODUCT_NOT_FOUND: "Ce produit n'existe plus.",
  VARIANT_NOT_FOUND: "Cette déclinaison du produit n'existe pas.",
  SLUG_ALREADY_EXISTS: "Cette adresse de profil est déjà prise.",
  CHECKOUT_NOT_FOUND: "Cette commande en cours a expiré : reprenez depuis le panier.",
  ALREADY_COMPLETED: "Cette commande est déjà finalisée.",
  CART_HAS_UNAVAILABLE_ITEMS: "Certains articles de votre panier ne sont plus disponibles : retirez-les pour continuer.",
  ORDER_NOT_FOUND: "Commande introuvable.",
  NOT_FOUND: "Élément introuvable.",
  MEMBER_NOT_FOUND: "Compte introuvable.",
  PERMISSION_DENIED: "Vous n'avez pas accès à cette ressource.",
  // The back-office's own refusals are app/.server/admin/messages.server.ts (read first by its actions).
  EMAIL_ALREADY_EXISTS: "Un membre existe déjà avec cette adresse e-mail.",
  NOT_IMPLEMENTED: "Cette opération n'est pas disponible sur cette plateforme.",
  "401": "Votre session a expiré : reconnectez-vous.",
  "403": "Vous n'avez pas accès à cette ressource.",
  "404": "Élément introuvable.",
  "429": THROTTLED_MESSAGE,
};

/** French text for an application error; unknown codes get a generic sentence, never English platform text. */
export function applicationMessage(code: string): string {
  return APPLICATION_MESSAGES[code] ?? "L'opération n'a pas pu aboutir. Réessayez dans un instant.";
}

const SYSTEM_ERROR = "System error occurred";

export const TIMEOUT_MESSAGE =
  "La boutique met trop de temps à répondre. Réessayez dans un instant ; si cela persiste, indiquez la référence ci-dessous.";

/**
 * True when the error is our own deadline on a platform call (`COMMERCE_TIMEOUT_MS`,
 * a `TimeoutError` from wix/commerce-session.server.ts), however the SDK wrapped it.
 */
function isTimeout(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && typeof current === "object" && current !== null; depth++) {
    if ((current as { name?: unknown }).name === "TimeoutError") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The error screen for a platform call that ran out of time: 504, in French; the screen adds this request's id. */
function throwTimeout(): never {
  throw data({ message: TIMEOUT_MESSAGE }, { status: 504 });
}

/** Shows the error screen: 'Something Went Wrong' with 'System error occurred' and the request id. */
function throwSystemError(requestId?: string): never {
  throw data({ message: SYSTEM_ERROR, requestId }, { status: 500 });
}

/**
 * Turns SDK field paths ("options.lineItems[0].quantity") into the form's field
 * names through `fieldMap` (matched on the path's last segment when no exact key).
 */
export function fieldErrorsOf<F extends string>(failure: Extract<WixFailure, { kind: "validation" }>, fieldMap: Record<string, F>) {
  const errors: FieldErrors<F> = {};
  for (const { field, description } of failure.fields) {
    const last = field
      .split(".")
      .pop()!
      .replace(/\[\d+\]$/, "");
    const name = fieldMap[field] ?? fieldMap[last];
    if (name && !errors[name]) errors[name] = translateViolation(description);
  }
  return errors;
}

function translateViolation(description: string): string {
  if (/must not be empty|required|is missing/i.test(description)) return "Ce champ est obligatoire.";
  if (/must be > 0|must be at least|min/i.test(description)) return "La valeur est trop petite.";
  if (/max|too long|at most/i.test(description)) return "La valeur est trop grande ou trop longue.";
  if (/format|invalid/i.test(description)) return "Le format n'est pas valide.";
  return "Valeur refusée.";
}

interface FieldFailureOptions<F extends string, X extends object> {
  redirectTo: string;
  /** SDK field paths → the form's field names. */
  fieldMap?: Record<string, F>;
  /** Application error codes that belong to a form field (e.g. SLUG_ALREADY_EXISTS → "slug"). */
  codeFields?: Record<string, F>;
  /** What was typed, sent back with a field error. */
  values?: FormValues<F>;
  /** Tells the page which of its forms the answer is about (`{ intent: "profile" }`), as its own refusals do. */
  extra?: X;
  /** This caller's own words for some codes (the back-office's: app/.server/admin/messages.server.ts), read first. */
  messages?: Record<string, string>;
}

/**
 * For an action whose SDK call failed: field errors (400, to show beside the fields; only when `fieldMap` or
 * `codeFields` says which field an error belongs to), or a redirect with a French notification, or the error screen.
 */
export async function failedAction(
  request: Request,
  error: unknown,
  options: { redirectTo: string; values?: FormValues; messages?: Record<string, string> },
): Promise<Response>;
export async function failedAction<F extends string, X extends object = Record<never, never>>(
  request: Request,
  error: unknown,
  options: FieldFailureOptions<F, X>,
): Promise<Response | ReturnType<typeof refuseForm<F, F, X>>>;
export async function failedAction<F extends string, X extends object>(
  request: Request,
  error: unknown,
  options: FieldFailureOptions<F, X>,
) {
  const thrown = routerThrowable(error);
  if (thrown) {
    // An outage met while getting tokens: tell it as a notification and keep the page usable.
    const message =
      !(thrown instanceof Response) && thrown.init?.status === 503 ? (thrown.data as { message?: string } | null)?.message : undefined;
    if (message) return redirectWithToast(request, options.redirectTo, { type: "error", title: message });
    throw error;
  }
  if (isTimeout(error)) throwTimeout();
  const failure = classifyWixError(error);
  const codeField = failure.kind === "application" ? options.codeFields?.[failure.code] : undefined;
  if (failure.kind === "application" && codeField) {
    const fieldErrors: FieldErrors<F> = {};
    fieldErrors[codeField] = applicationMessage(failure.code);
    return refuseForm({ values: options.values ?? {}, fieldErrors }, options.extra);
  }
  if (failure.kind === "validation" && options.fieldMap) {
    const fieldErrors = fieldErrorsOf(failure, options.fieldMap);
    if (Object.keys(fieldErrors).length > 0) return refuseForm({ values: options.values ?? {}, fieldErrors }, options.extra);
  }
  if (failure.kind === "application" || failure.kind === "validation") {
    const own = failure.kind === "application" && options.messages && Object.hasOwn(options.messages, failure.code);
    const toast: FlashToastInput = {
      type: "error",
      title:
        failure.kind === "application"
          ? own
            ? options.messages![failure.code]!
            : applicationMessage(failure.code)
          : "Certaines valeurs ont été refusées.",
    };
    return redirectWithToast(request, options.redirectTo, toast);
  }
  throwSystemError(failure.requestId);
}

/** For a loader: a 404 stays a 404 screen, an outage or a throttle says so (503), everything else is a system error. */
export function failedLoader(error: unknown): never {
  if (routerThrowable(error)) throw error;
  if (isTimeout(error)) throwTimeout();
  const failure = classifyWixError(error);
  if (failure.kind === "application" && (failure.code === "SERVICE_UNAVAILABLE" || failure.code === "503")) {
    throw data({ message: UNAVAILABLE_MESSAGE, requestId: failure.requestId }, { status: 503 });
  }
  // Throttled by Wix: the shop is busy, said as such (a 503 the catalog's cache recognises to serve its last copy).
  if (failure.kind === "application" && failure.code === "429") throw throttledScreen(failure.requestId);
  if (
    failure.kind === "application" &&
    ["404", "NOT_FOUND", "ORDER_NOT_FOUND", "ITEM_NOT_FOUND", "PRODUCT_NOT_FOUND", "COLLECTION_NOT_FOUND", "CHECKOUT_NOT_FOUND"].includes(
      failure.code,
    )
  ) {
    throw data(null, { status: 404, statusText: "Not Found" });
  }
  throwSystemError(failure.requestId);
}

/**
 * A read for a loader, its SDK failure mapped by `failedLoader` (404, 503, 504 or the system error screen): the
 * handlers wrap their reads in it, so routes never catch SDK errors themselves.
 */
export async function mapLoaderErrors<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    failedLoader(error);
  }
}
