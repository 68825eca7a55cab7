// Golden answers: for every fixture under tests/contract/golden (Wix's documented answer of one endpoint, with the
// page it comes from), the SDK call it names runs against the backend and the answer of that endpoint is compared
// key by key and type by type. A difference fails with its path unless tests/contract/golden/known-differences.json
// lists it with a reason. Against a real site (WIX_CLIENT_ID) only the read-only calls run. See README.md.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calls, ADMIN_API_KEY, ADMIN_SITE_ID, makeWorld } from "./golden/calls";
import { describe as describeDifference, routeShape, unusedKnown, type Difference } from "./golden/compare";
import { loadFixtures, loadKnown, recordWixExchanges, runFixture, type Fixture } from "./golden/run";
import { isWix, OWNER_TOKEN, target, usePlatform } from "./harness";

const known = loadKnown();
const fixtures = loadFixtures().filter((f) => !isWix || calls[f.call]?.readOnly);
const seen: Array<{ endpoint: string; differences: Difference[] }> = [];

/** Fixtures grouped by the platform options their call needs (one embedded platform per group). */
const groups = new Map<string, Fixture[]>();
for (const f of fixtures) {
  const key = JSON.stringify(calls[f.call]?.platform ?? {});
  groups.set(key, [...(groups.get(key) ?? []), f]);
}

for (const [key, group] of groups) {
  describe(`golden answers${key === "{}" ? "" : ` on a platform with ${key}`}`, () => {
    const handle = usePlatform({ apiKey: ADMIN_API_KEY, siteId: ADMIN_SITE_ID, ownerToken: OWNER_TOKEN, ...(JSON.parse(key) as object) });
    const recorder = recordWixExchanges();
    let restore: () => void = () => undefined;
    beforeAll(() => {
      restore = recorder.install();
    });
    afterAll(() => restore());
    const world = makeWorld(target, isWix ? undefined : () => handle.platform);

    for (const fixture of group) {
      it(`${fixture.endpoint} (${fixture.call}) answers like ${fixture.file}`, async () => {
        const outcome = await runFixture(fixture, world, recorder, known);
        expect(outcome.failure).toBeUndefined();
        seen.push({ endpoint: fixture.endpoint, differences: outcome.differences });
        expect(outcome.unexplained.map(describeDifference), `documented at ${fixture.source.url}`).toEqual([]);
      });
    }
  });
}

describe.skipIf(isWix)("golden fixtures and their bookkeeping", () => {
  const handle = usePlatform();
  it("every fixture names a call of calls.ts, and every call has a fixture", () => {
    const named = new Set(fixtures.map((f) => f.call));
    expect(fixtures.filter((f) => !calls[f.call]).map((f) => f.file)).toEqual([]);
    expect(Object.keys(calls).filter((c) => !named.has(c))).toEqual([]);
  });

  it("every route the platform answers has a fixture, or is listed as uncovered with its reason (and only those)", () => {
    // Exact: the same method and path once parameter names are ignored. A fixture's `{productId}` does not cover
    // the literal routes beside it (`/products/query`, `/search`, `/count`): their answers are compared by fixtures
    // of their own.
    const fixtureRoutes = new Set(loadFixtures().map((f) => routeShape(f.endpoint)));
    const covered = (route: string) => fixtureRoutes.has(routeShape(route));
    const routes = handle.platform.apiRoutes();
    const listed = new Set(known.uncovered.map((u) => u.endpoint));
    expect(routes.filter((r) => !covered(r) && !listed.has(r))).toEqual([]);
    expect([...listed].filter((r) => !routes.includes(r) || covered(r))).toEqual([]);
    expect(known.uncovered.every((u) => u.reason.length > 20)).toBe(true);
  });

  it("every fixture cites a dev.wix.com page and a title", () => {
    for (const f of fixtures) {
      expect(f.source.url, f.file).toMatch(/^https:\/\/dev\.wix\.com\/docs\//);
      expect(f.source.title, f.file).not.toBe("");
    }
  });

  it("every known difference still explains a difference of this run (runs last)", () => {
    expect(seen.length).toBe(fixtures.length);
    expect(unusedKnown(known.differences, seen).map((k) => `${k.endpoint} ${k.kind} ${k.path}`)).toEqual([]);
  });
});
