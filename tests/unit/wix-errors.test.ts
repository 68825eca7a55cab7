import { beforeAll, describe, expect, it } from "vitest";
import { data } from "react-router";
import { createClient, OAuthStrategy } from "@wix/sdk";
import { readFileSync } from "node:fs";
import { currentCart, currentCartV2 } from "@wix/ecom";
import { members } from "@wix/members";
import { EMBEDDED_CLIENT_ID } from "../../platform";
import { useEmbeddedPlatform } from "../support/platform";
import {
  applicationMessage,
  classifyWixError,
  failedAction,
  failedLoader,
  fieldErrorsOf,
  TIMEOUT_MESSAGE,
} from "~/.server/wix/errors.server";
import { CommerceTimeoutError } from "~/.server/wix/commerce.server";
import { seedId } from "../../platform/seed/seed-ids";

/** Real SDK errors from the embedded platform, so the mapping is tested on what the SDK really throws. */
const embedded = useEmbeddedPlatform();
let client: ReturnType<typeof makeClient>;
function makeClient() {
  return createClient({ modules: { currentCart, currentCartV2, members }, auth: OAuthStrategy({ clientId: EMBEDDED_CLIENT_ID }) });
}
beforeAll(async () => {
  client = makeClient();
  client.auth.setTokens(await client.auth.generateVisitorTokens());
  await client.currentCart.addToCurrentCart({
    lineItems: [
      { catalogReference: { appId: "215238eb-22a5-4c36-9e7b-e7c08025e04e", catalogItemId: seedId("prod-audit-si") }, quantity: 1 },
    ],
  });
});

const caught = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error("expected a rejection");
    },
    (e: unknown) => e,
  );
const post = () => new Request("http://localhost/cart", { method: "POST" });

describe("SDK error mapping", () => {
  it("classifies a validation error with its fields", async () => {
    const error = await caught(
      client.currentCart.addToCurrentCart({
        lineItems: [
          { catalogReference: { appId: "215238eb-22a5-4c36-9e7b-e7c08025e04e", catalogItemId: seedId("prod-audit-si") }, quantity: 0 },
        ],
      }),
    );
    const failure = classifyWixError(error);
    expect(failure.kind).toBe("validation");
    if (failure.kind !== "validation") return;
    expect(fieldErrorsOf(failure, { quantity: "quantity" })).toEqual({ quantity: expect.stringMatching(/petite|refusée/) });
  });

  it("classifies an application error by its code, in French for the user", async () => {
    const error = await caught(client.currentCart.updateCurrentCart({ couponCode: "N-EXISTE-PAS" }));
    const failure = classifyWixError(error);
    expect(failure).toMatchObject({ kind: "application", code: "ERROR_COUPON_DOES_NOT_EXIST" });
    expect(applicationMessage("ERROR_COUPON_DOES_NOT_EXIST")).toBe("Ce code promo n'existe pas ou n'est plus valable.");
    expect(applicationMessage("SOMETHING_NEW")).toMatch(/^L'opération n'a pas pu aboutir/);
  });

  it("turns an application error into a redirect with a French notification", async () => {
    const error = await caught(client.currentCart.updateCurrentCart({ couponCode: "N-EXISTE-PAS" }));
    const response = (await failedAction(post(), error, { redirectTo: "/cart" })) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/cart");
    expect(response.headers.get("Set-Cookie")).toMatch(/^__toast=/);
  });

  it("puts an application error that belongs to a field beside that field", async () => {
    const result = await failedAction(
      post(),
      { details: { applicationError: { code: "SLUG_ALREADY_EXISTS", description: "taken" } } },
      {
        redirectTo: "/account",
        codeFields: { SLUG_ALREADY_EXISTS: "slug" },
        values: { slug: "pris" },
      },
    );
    expect(result).toMatchObject({
      init: { status: 400 },
      data: { fieldErrors: { slug: "Cette adresse de profil est déjà prise." }, values: { slug: "pris" } },
    });
  });

  it("shows anything else as 'System error occurred' with the request id", async () => {
    const network = Object.assign(new Error("System error occurred: {}"), { requestId: "req-42" });
    await expect(failedAction(post(), network, { redirectTo: "/cart" })).rejects.toMatchObject({
      init: { status: 500 },
      data: { message: "System error occurred", requestId: "req-42" },
    });
  });

  it("a platform call past COMMERCE_TIMEOUT_MS is a 504 in French, in loaders and actions", async () => {
    const late = Object.assign(new CommerceTimeoutError("The commerce platform did not answer in time"), { code: "UNKNOWN" });
    expect(() => failedLoader(late)).toThrow(expect.objectContaining({ init: { status: 504 }, data: { message: TIMEOUT_MESSAGE } }));
    await expect(failedAction(post(), late, { redirectTo: "/cart" })).rejects.toMatchObject({ init: { status: 504 } });
  });

  it("keeps a platform 404 a 404 in loaders; a visitor's 403 is an application error", async () => {
    expect(() => failedLoader({ details: { applicationError: { code: "ORDER_NOT_FOUND" } } })).toThrow();
    try {
      failedLoader({ details: { applicationError: { code: "ORDER_NOT_FOUND" } } });
    } catch (thrown) {
      expect(thrown).toMatchObject({ init: { status: 404 } });
    }
    const forbidden = await caught(client.members.getCurrentMember());
    expect(classifyWixError(forbidden)).toMatchObject({ kind: "application" });
  });
});

describe("errors our own code throws on purpose", () => {
  it("an outage met while getting tokens becomes a notification, not a system error", async () => {
    const outage = data(
      { message: "Le service de la boutique est momentanément indisponible. Réessayez dans un instant." },
      { status: 503 },
    );
    const response = (await failedAction(post(), outage, { redirectTo: "/products/x" })) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/products/x");
    expect(response.headers.get("Set-Cookie")).toMatch(/^__toast=/);
  });

  it("other responses thrown by our code pass through untouched", async () => {
    const notFound = data(null, { status: 404 });
    await expect(failedAction(post(), notFound, { redirectTo: "/" })).rejects.toBe(notFound);
    expect(() => failedLoader(notFound)).toThrow();
    try {
      failedLoader(notFound);
    } catch (thrown) {
      expect(thrown).toBe(notFound);
    }
  });
});

describe("Wix system errors (empty details: the SDK reports the numeric status as the code)", () => {
  const thrown = async (fn: () => unknown) => {
    try {
      await fn();
    } catch (e) {
      return e as { init: ResponseInit | null; data: unknown } & Response;
    }
    throw new Error("expected a throw");
  };

  it("503 from the fault switch: numeric code 503, loaders show the outage screen, actions a notification", async () => {
    embedded.platform.setFaults({ down: true, systemError: 503 });
    try {
      const error = await caught(client.currentCart.getCurrentCart());
      expect((error as { details: { applicationError: { code: unknown } } }).details.applicationError.code).toBe(503);
      const screen = await thrown(() => failedLoader(error));
      expect(screen.init?.status).toBe(503);
      expect((screen.data as { message: string }).message).toBe(applicationMessage("SERVICE_UNAVAILABLE"));
      const res = (await failedAction(new Request("http://localhost:3000/panier", { method: "POST" }), error, {
        redirectTo: "/panier",
      })) as Response;
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe("/panier");
    } finally {
      embedded.platform.setFaults({});
    }
  });

  it("500 from the fault switch: numeric code 500, loaders and actions show the system error screen with the request id", async () => {
    embedded.platform.setFaults({ down: true, systemError: 500 });
    try {
      const error = await caught(client.currentCart.getCurrentCart());
      expect((error as { details: { applicationError: { code: unknown } } }).details.applicationError.code).toBe(500);
      expect(classifyWixError(error).kind).toBe("system");
      const screen = await thrown(() => failedLoader(error));
      expect(screen.init?.status).toBe(500);
      expect(screen.data).toMatchObject({ message: "System error occurred", requestId: expect.stringMatching(/\S/) });
      const fromAction = await thrown(() =>
        failedAction(new Request("http://localhost:3000/panier", { method: "POST" }), error, { redirectTo: "/panier" }),
      );
      expect(fromAction.init?.status).toBe(500);
    } finally {
      embedded.platform.setFaults({});
    }
  });
});

/** The codes of one `*ApplicationErrors` union of the installed Cart V2 typings. */
function typingsCodes(union: string): string[] {
  const file = readFileSync("node_modules/@wix/auto_sdk_ecom_current-cart-v-2/build/cjs/index.typings.d.ts", "utf8");
  const start = file.indexOf(`type ${union} = {`);
  if (start < 0) throw new Error(`no ${union} in the typings`);
  const body = file.slice(start, file.indexOf("};", start));
  return [...body.matchAll(/code\?: '([A-Z_]+)'/g)].map((m) => m[1]!);
}

describe("Cart V2 refusals the app can meet", () => {
  // What each Cart V2 call the app makes can refuse, given what the app sends (no custom items, memberships,
  // modifiers, gift cards or subscriptions): each code must be one of the typings' and have its French message.
  const reachable: Record<string, string[]> = {
    AddLineItemsToCurrentCartApplicationErrors: ["ITEM_NOT_FOUND_IN_CATALOG", "INSUFFICIENT_INVENTORY", "MAX_LINE_ITEMS_EXCEEDED"],
    UpdateLineItemsInCurrentCartApplicationErrors: [
      "LINE_ITEM_NOT_FOUND_IN_CART",
      "INSUFFICIENT_INVENTORY",
      "ITEM_NOT_FOUND_IN_CATALOG",
      "CART_ALREADY_ORDERED",
    ],
    RemoveLineItemsFromCurrentCartApplicationErrors: ["LINE_ITEM_NOT_FOUND_IN_CART", "CART_ALREADY_ORDERED"],
    AddCouponToCurrentCartApplicationErrors: [
      "INVALID_COUPON_CODE",
      "INVALID_COUPON_STATUS",
      "COUPON_ALREADY_EXISTS",
      "MAX_COUPONS_PER_CART_EXCEEDED",
      "COUPON_LOCKED",
      "CART_ALREADY_ORDERED",
    ],
    RemoveCouponFromCurrentCartApplicationErrors: ["COUPON_NOT_FOUND_IN_CART", "COUPON_LOCKED", "CART_ALREADY_ORDERED"],
    SetDeliveryMethodForCurrentCartApplicationErrors: [
      "DELIVERY_METHOD_NOT_FOUND",
      "DELIVERY_METHOD_MISSING_ADDRESS",
      "DELIVERY_METHOD_MISSING_LINE_ITEMS",
      "CART_ALREADY_ORDERED",
    ],
    UpdateCurrentCartApplicationErrors: ["INVALID_ADDRESS_FORMAT", "CART_ALREADY_ORDERED"],
  };
  const generic = applicationMessage("A_CODE_NOBODY_SENDS");
  for (const [union, codes] of Object.entries(reachable))
    it(`${union}: ${codes.join(", ")} are the typings' codes, each told in French`, () => {
      const known = typingsCodes(union);
      for (const code of codes) {
        expect(known, code).toContain(code);
        expect(applicationMessage(code), code).not.toBe(generic);
      }
    });

  it("an unknown coupon on Cart V2 is the SDK's INVALID_COUPON_CODE, told as the field's French message", async () => {
    const v2 = makeClient();
    v2.auth.setTokens(await v2.auth.generateVisitorTokens());
    await v2.currentCartV2.addLineItemsToCurrentCart({
      catalogItems: [
        { catalogReference: { appId: "215238eb-22a5-4c36-9e7b-e7c08025e04e", catalogItemId: seedId("prod-audit-si") }, quantity: 1 },
      ],
    });
    const failure = classifyWixError(await caught(v2.currentCartV2.addCouponToCurrentCart({ code: "N-EXISTE-PAS" })));
    expect(failure).toMatchObject({ kind: "application", code: "INVALID_COUPON_CODE" });
    expect(applicationMessage("INVALID_COUPON_CODE")).toBe("Ce code promo n'existe pas ou n'est plus valable.");
  });
});
