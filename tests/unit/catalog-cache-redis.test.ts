// With REDIS_URL the replicas share the catalog cache: a product one replica read from Wix is not read again by
// another (Wix limits a site's calls a minute, and each costs a round trip), and a catalog event seen by one replica
// keeps every other from serving the old entries it stored (replicas: tests/support/redis-replicas.ts).
import { describe, expect, it, vi } from "vitest";
import { useRedisReplicas } from "../support/redis-replicas";

const newReplica = useRedisReplicas();

async function replica() {
  await newReplica();
  return import("~/.server/catalog/cache.server");
}

describe("the catalog cache shared through Redis", () => {
  it("a value one replica read from Wix is served to another without reading it again", async () => {
    const first = await replica();
    const second = await replica();
    const fromWix = vi.fn().mockResolvedValue({ id: "p1", slug: "mug", stock: 3 });
    expect(await first.cachedCatalogRead("product|mug", fromWix)).toEqual({ id: "p1", slug: "mug", stock: 3 });
    await vi.waitFor(async () => {
      const again = vi.fn().mockResolvedValue({ id: "p1", slug: "mug", stock: 99 });
      // A third, new replica: still nothing read from Wix.
      const third = await replica();
      expect(await third.cachedCatalogRead("product|mug", again)).toEqual({ id: "p1", slug: "mug", stock: 3 });
      expect(again).not.toHaveBeenCalled();
    });
    const never = vi.fn();
    expect(await second.cachedCatalogRead("product|mug", never)).toEqual({ id: "p1", slug: "mug", stock: 3 });
    expect(never).not.toHaveBeenCalled();
    expect(fromWix).toHaveBeenCalledTimes(1);
  });

  it("after a catalog event on one replica, no replica serves the entries stored before it", async () => {
    const first = await replica();
    await first.cachedCatalogRead("collections", async () => ["old"]);
    await vi.waitFor(async () => expect(await (await replica()).cachedCatalogRead("collections", async () => ["x"])).toEqual(["old"]));
    first.clearCatalogCache();
    await vi.waitFor(async () => {
      const other = await replica();
      expect(await other.cachedCatalogRead("collections", async () => ["new"])).toEqual(["new"]);
    });
  });

  it("keeps what a search computed in its own process", async () => {
    const first = await replica();
    await first.cachedCatalogRead("search|||mug", async () => ["ranked"], { local: true });
    const other = await replica();
    const load = vi.fn().mockResolvedValue(["own"]);
    expect(await other.cachedCatalogRead("search|||mug", load, { local: true })).toEqual(["own"]);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
