// Error shapes the SDK builds from the platform's answers, request ids, and the raw HTTP surface.
import { describe, expect, it } from "vitest";
import {
  APP_ORIGIN,
  clientId,
  isWix,
  makeClient,
  productBySlug,
  productRef,
  rawApi,
  rejection,
  seed,
  usePlatform,
  type SdkError,
} from "./harness";

const ctx = usePlatform();

/** The SDK pretty-prints { message, details } into e.message for validation and application errors. */
function sdkMessage(e: SdkError): string {
  const parsed = JSON.parse(e.message) as { message?: string };
  return parsed.message ?? "";
}

async function visitorToken(): Promise<string> {
  const res = await rawApi("/oauth2/token", { body: { clientId, grantType: "anonymous" } });
  const json = (await res.json()) as { access_token: string };
  return json.access_token;
}

async function anyProductId(): Promise<string> {
  const client = makeClient();
  if (!isWix) return (await productBySlug(client, "livre-typescript"))._id;
  return (await client.products.queryProducts().limit(1).find()).items[0]!._id!;
}

describe("errors thrown by the SDK", () => {
  it("a validation error (quantity 0) becomes INVALID_ARGUMENT with field violations", async () => {
    const client = makeClient();
    const id = await anyProductId();
    const e = await rejection(() => client.currentCart.addToCurrentCart({ lineItems: [{ ...productRef(id), quantity: 0 }] }));
    expect(sdkMessage(e).startsWith("INVALID_ARGUMENT:")).toBe(true);
    expect(sdkMessage(e)).toContain("lineItems[0].quantity");
    const violations = e.details?.validationError?.fieldViolations ?? [];
    expect(violations.length).toBeGreaterThan(0);
    expect(violations[0]?.field).toContain("lineItems[0].quantity");
    expect(typeof violations[0]?.description).toBe("string");
    expect(e.details?.applicationError).toBeUndefined();
    expect((e as SdkError & { status?: number }).status).toBe(400);
  });

  it("an application error carries its code as a string, its description and the request id", async () => {
    const client = makeClient();
    const e = await rejection(() => client.members.updateCurrentMemberSlug("x"));
    // A visitor has no member: refused (numeric HTTP code injected by the SDK when the body has no code).
    expect(e.details?.applicationError).toBeDefined();

    const cartClient = makeClient();
    const id = await anyProductId();
    await cartClient.currentCart.addToCurrentCart({ lineItems: [{ ...productRef(id), quantity: 1 }] });
    const coupon = await rejection(() => cartClient.currentCart.updateCurrentCart({ couponCode: "CODE-INEXISTANT" }));
    const code = coupon.details?.applicationError?.code;
    expect(typeof code).toBe("string");
    expect(code).toMatch(/^[A-Z0-9_-]+$/);
    expect(sdkMessage(coupon).length).toBeGreaterThan(0);
    expect(typeof (coupon as SdkError & { requestId?: string }).requestId).toBe("string");
  });

  it("getProduct of an unknown id is a 404 application error", async () => {
    const client = makeClient();
    const e = await rejection(() => client.products.getProduct("00000000-0000-4000-8000-00000000abcd"));
    expect((e as SdkError & { status?: number }).status).toBe(404);
    expect(e.details?.applicationError?.code).toBeDefined();
  });

  it("getCollectionBySlug of an unknown slug is a 404", async () => {
    const client = makeClient();
    const e = await rejection(() => client.collections.getCollectionBySlug("categorie-inexistante"));
    expect((e as SdkError & { status?: number }).status).toBe(404);
  });

  it("an invalid access token is refused with 401", async () => {
    const res = await rawApi("/ecom/v1/carts/current", { token: "jeton-invalide" });
    expect([401, 403]).toContain(res.status);
    expect(res.headers.get("content-type")).toMatch(/json/);
    const body = (await res.json()) as { message?: unknown };
    expect(typeof body.message).toBe("string");
  });
});

describe("raw HTTP surface", () => {
  it("every API response carries an x-wix-request-id, success or error", async () => {
    const token = await visitorToken();
    const responses = [
      await rawApi("/oauth2/token", { body: { clientId, grantType: "anonymous" } }),
      await rawApi("/oauth2/token", { body: { clientId, grantType: "refresh_token", refreshToken: "inconnu" } }),
      await rawApi("/stores-reader/v1/products/query-platformized", { body: { query: { paging: { limit: 2 } } }, token }),
      await rawApi("/ecom/v1/carts/current", { token }),
      await rawApi("/ecom/v1/carts/current", { token: "jeton-invalide" }),
      await rawApi("/members/v1/members/my", { token }),
      await rawApi("/stores-reader/v1/products/inexistant", { token }),
    ];
    const ids = responses.map((r) => r.headers.get("x-wix-request-id"));
    for (const id of ids) expect(id).toBeTruthy();
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("answers 200 with a JSON body on success, including deletes", async () => {
    const token = await visitorToken();
    const id = await anyProductId();
    const added = await rawApi("/ecom/v1/carts/current/add-to-cart", {
      token,
      body: { lineItems: [{ ...productRef(id), quantity: 1 }] },
    });
    expect(added.status).toBe(200);
    expect(added.headers.get("content-type")).toMatch(/application\/json/);
    const del = await rawApi("/ecom/v1/carts/current", { method: "DELETE", token });
    expect(del.status).toBe(200);
    expect(await del.json()).toEqual({});
  });

  it("decodes the GET '.r=' base64url query form", async () => {
    const token = await visitorToken();
    const payload = { query: { filter: { slug: isWix ? undefined : "audit-si" }, paging: { limit: 1, offset: 0 } } };
    const r = Buffer.from(JSON.stringify(payload)).toString("base64").replace(/=/g, "").replace(/\+/g, "-").replace(/\//g, "_");
    const res = await rawApi(`/stores-reader/v1/products/query-platformized?.r=${r}`, { token });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { products: Array<{ id: string; slug: string }>; metadata: { total: number } };
    expect(body.products).toHaveLength(1);
    expect(typeof body.products[0]!.id).toBe("string");
    if (!isWix) {
      expect(body.products[0]!.slug).toBe("audit-si");
      expect(body.metadata.total).toBe(1);
    }
  });

  it("serves the same requests on edge.wixapis.com", async () => {
    const token = await visitorToken();
    const res = await fetch("https://edge.wixapis.com/stores-reader/v1/products/query-platformized", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: token },
      body: JSON.stringify({ query: { paging: { limit: 3 } } }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { products: unknown[] }).products).toHaveLength(3);
  });
});

describe.skipIf(isWix)("the API under /_platform/api (embedded platform)", () => {
  const api = (path: string, init: RequestInit = {}) => ctx.platform.fetch(new Request(`${APP_ORIGIN}/_platform/api${path}`, init));

  it("issues tokens and answers catalog queries like wixapis.com", async () => {
    const tokenRes = await api("/oauth2/token", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ clientId, grantType: "anonymous" }),
    });
    expect(tokenRes.status).toBe(200);
    const { access_token } = (await tokenRes.json()) as { access_token: string };
    const res = await api("/stores-reader/v1/products/query-platformized", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: access_token },
      body: JSON.stringify({ query: { paging: { limit: 2, offset: 0 } } }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-wix-request-id")).toBeTruthy();
    const body = (await res.json()) as { products: unknown[]; metadata: { total: number } };
    expect(body.products).toHaveLength(2);
    expect(body.metadata.total).toBe(seed.products.length);
  });

  it("ignores x-platform-app-origin on requests from outside: foreign callbacks stay refused", async () => {
    const tokenRes = await api("/oauth2/token", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ clientId, grantType: "anonymous" }),
    });
    const { access_token } = (await tokenRes.json()) as { access_token: string };
    const res = await api("/_api/redirects-api/v1/redirect-session", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: access_token,
        "x-platform-app-origin": "https://pirate.example",
      },
      body: JSON.stringify({
        login: {},
        callbacks: { postFlowUrl: "https://pirate.example/" },
      }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { details?: { applicationError?: { code?: string } } };
    expect(body.details?.applicationError?.code).toBe("INVALID_REDIRECT_URI");
  });

  it("answers an unknown API path with a JSON 404", async () => {
    const res = await api("/nulle-part/v1/rien");
    expect(res.status).toBe(404);
    expect(res.headers.get("x-wix-request-id")).toBeTruthy();
    expect(typeof ((await res.json()) as { message?: unknown }).message).toBe("string");
  });
});
