import { afterEach, describe, expect, it, vi } from "vitest";
import { clearCatalogCache, refreshedCatalogRead } from "~/.server/catalog/cache.server";

afterEach(() => {
  vi.useRealTimers();
  clearCatalogCache();
});

describe("refreshedCatalogRead (the whole catalog behind the search)", () => {
  it("awaits the first read, then answers at once with the last value while one refresh runs", async () => {
    vi.useFakeTimers();
    let release: (v: string) => void = () => {};
    const load = vi
      .fn()
      .mockResolvedValueOnce("v1")
      .mockImplementationOnce(() => new Promise<string>((r) => (release = r)));
    expect(await refreshedCatalogRead("k", 1000, load)).toBe("v1");
    vi.advanceTimersByTime(1500);
    // Past its age: the old value now, one refresh started, not one per request.
    expect(await refreshedCatalogRead("k", 1000, load)).toBe("v1");
    expect(await refreshedCatalogRead("k", 1000, load)).toBe("v1");
    expect(load).toHaveBeenCalledTimes(2);
    // The refresh sees the current value (to keep it when a cheap check says nothing changed).
    expect(load).toHaveBeenLastCalledWith("v1");
    release("v2");
    await vi.waitFor(async () => expect(await refreshedCatalogRead("k", 1000, load)).toBe("v2"));
  });

  it("keeps the last value when a refresh fails, and a failed first read is not kept", async () => {
    vi.useFakeTimers();
    const load = vi.fn().mockResolvedValueOnce("v1").mockRejectedValueOnce(new Error("down"));
    expect(await refreshedCatalogRead("k", 1000, load)).toBe("v1");
    vi.advanceTimersByTime(1500);
    expect(await refreshedCatalogRead("k", 1000, load)).toBe("v1");
    await Promise.resolve();
    expect(await refreshedCatalogRead("k", 1000, load)).toBe("v1");

    const failing = vi.fn().mockRejectedValueOnce(new Error("down")).mockResolvedValueOnce("ok");
    await expect(refreshedCatalogRead("other", 1000, failing)).rejects.toThrow("down");
    expect(await refreshedCatalogRead("other", 1000, failing)).toBe("ok");
  });
});
