// Finding (docs/security.md, "A kept double-submit answer replayed to another visitor"):
// a kept answer was replayed to any request with the same path and body, so a second visitor sending the same form
// (the same render's key: a copied page, a cache that ignored "private") got the first visitor's answer, its session
// cookie included: the first visitor's cart, or account. A kept answer now goes back only to its own sender: the
// session cookie the first request sent, or the one its answer set.
import { describe, expect, it } from "vitest";
import { idempotentSubmissions, sessionOf } from "../../server/idempotency";

/** A form action that makes (or keeps) the sender's session, as the add to cart does. */
function addToCart() {
  let runs = 0;
  const run = async () => {
    runs++;
    const headers = new Headers({ location: `/products/livre?run=${runs}` });
    headers.append("set-cookie", `__session=session-${runs}; Path=/; HttpOnly; SameSite=Lax`);
    return new Response(null, { status: 303, headers });
  };
  return { run, runs: () => runs };
}

describe("a kept answer belongs to the visitor who sent the form", () => {
  it("another session sending the same form gets its own answer, never the first one's cookie", async () => {
    const once = idempotentSubmissions();
    const { run, runs } = addToCart();
    const first = await once("same-form", run, { session: "victim" });
    const other = await once("same-form", run, { session: "attacker" });
    expect(runs()).toBe(2);
    expect(first.headers.getSetCookie()).toEqual(["__session=session-1; Path=/; HttpOnly; SameSite=Lax"]);
    expect(other.headers.getSetCookie()).toEqual(["__session=session-2; Path=/; HttpOnly; SameSite=Lax"]);
    // The first visitor's double submit is still answered once.
    expect((await once("same-form", run, { session: "victim" })).headers.get("location")).toBe("/products/livre?run=1");
    expect(runs()).toBe(2);
  });

  it("a first visit's double submit is one: the resend carries no cookie yet, or the one the first answer set", async () => {
    const once = idempotentSubmissions();
    const { run, runs } = addToCart();
    await once("first-visit", run, { session: "" });
    expect((await once("first-visit", run, { session: "" })).headers.get("location")).toBe("/products/livre?run=1");
    expect((await once("first-visit", run, { session: "session-1" })).headers.get("location")).toBe("/products/livre?run=1");
    expect(runs()).toBe(1);
  });

  it("reads the session cookie as the browser sent it, among others", () => {
    expect(sessionOf("theme=dark; __session=abc.def; __toast=x")).toBe("abc.def");
    expect(sessionOf("theme=dark")).toBe("");
    expect(sessionOf(undefined)).toBe("");
  });
});
