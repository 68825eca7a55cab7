// Outside attack 3, finding 2 (platform side): a 1 MB body of nested arrays to /oauth2/token cost about a second of
// CPU, because JSON.parse ran before the depth check. Bodies are now capped at what real calls need and their nesting
// is measured while scanning the text, before any parse: such a body is refused without JSON.parse ever seeing it.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createPlatform, type Platform } from "../../../platform/index";

let platform: Platform;
beforeAll(() => {
  platform = createPlatform({ dbPath: ":memory:" });
});
afterAll(() => platform.close());

const nested = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
const nestedObject = (depth: number) => '{"a":'.repeat(depth) + "1" + "}".repeat(depth);

/** Runs `send` and returns its status and the lengths of the strings JSON.parse was given meanwhile. */
async function parsedWhile(send: () => Promise<Response>) {
  const parse = vi.spyOn(JSON, "parse");
  try {
    const res = await send();
    return { status: res.status, body: await res.text(), parsed: parse.mock.calls.map((c) => String(c[0]).length) };
  } finally {
    parse.mockRestore();
  }
}

const post = (url: string, body: string) =>
  platform.fetch(new Request(url, { method: "POST", headers: { "content-type": "application/json" }, body }));

describe("nested JSON is refused before it is parsed", () => {
  it.each([
    ["arrays to the SDK's token endpoint", "https://www.wixapis.com/oauth2/token", nested(50_000)],
    ["objects to the public API's twin", "http://localhost:3000/_platform/api/oauth2/token", nestedObject(20_000)],
    [
      "arrays inside a string-looking wrapper",
      "https://www.wixapis.com/ecom/v1/carts/current/add-to-cart",
      `{"x":"[[[","y":${nested(20_000)}}`,
    ],
  ])("%s: 400, and JSON.parse never runs on it", async (_what, url, body) => {
    expect(body.length).toBeLessThan(128 * 1024);
    const { status, body: answer, parsed } = await parsedWhile(() => post(url, body));
    expect(status).toBe(400);
    expect(answer).toContain("INVALID_ARGUMENT");
    expect(parsed.filter((n) => n >= body.length)).toEqual([]);
  });

  it("the same through the SDK's GET form (.r, base64url JSON in the query)", async () => {
    const r = Buffer.from(`{"query":${nested(3000)}}`).toString("base64url");
    const { status, parsed } = await parsedWhile(() =>
      platform.fetch(new Request(`https://www.wixapis.com/stores/v1/products/query?.r=${r}`)),
    );
    expect(status).toBe(400);
    expect(parsed.filter((n) => n > 6000)).toEqual([]);
  });

  it("depth counts brackets outside strings only: a real body with brackets in its text is read", async () => {
    const body = JSON.stringify({ clientId: "embedded-demo-client", grantType: "anonymous", note: '[[[[{{{{\\"[[[['.repeat(500) });
    const res = await post("https://www.wixapis.com/oauth2/token", body);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { access_token?: string }).access_token).toBeTruthy();
  });

  it("a body over 128 KB (five times the largest real call) is refused with 413 before it is parsed", async () => {
    const big = JSON.stringify({
      lineItems: Array.from({ length: 3000 }, () => ({ catalogReference: { catalogItemId: "x".repeat(36) }, quantity: 1 })),
    });
    expect(big.length).toBeGreaterThan(128 * 1024);
    const { status, parsed } = await parsedWhile(() => post("https://www.wixapis.com/ecom/v1/carts/current/add-to-cart", big));
    expect(status).toBe(413);
    expect(parsed.filter((n) => n >= big.length)).toEqual([]);
  });
});

describe("the nesting scanner (platform/core/http.ts)", () => {
  it.each([
    ["{}", 1],
    ['{"a":[1,{"b":[]}]}', 4],
    ['{"a":"[[[[{{{{"}', 1],
    ['{"a":"\\"[[[[\\\\"}', 1],
    ['["\\\\",[["x"]]]', 3],
    ["[[[[", 4],
  ])("%s nests %i deep", async (text, depth) => {
    const { jsonNestingDepth } = await import("../../../platform/core/http");
    expect(jsonNestingDepth(text)).toBe(depth);
  });

  it("stops reading once past the limit: a bomb costs what its first 65 brackets cost", async () => {
    const { jsonNestingDepth, MAX_JSON_DEPTH } = await import("../../../platform/core/http");
    expect(jsonNestingDepth(nested(1_000_000))).toBe(MAX_JSON_DEPTH + 1);
  });
});
