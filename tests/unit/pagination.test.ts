import { describe, expect, it } from "vitest";
import { pageWindow } from "~/components/catalog/Pagination";

describe("pageWindow (the page links of a catalog list)", () => {
  it("shows every page of a short list", () => {
    expect(pageWindow(1, 2)).toEqual([1, 2]);
    expect(pageWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it("keeps the first, the last and two around the current page of a long list, gaps between", () => {
    expect(pageWindow(1, 200)).toEqual([1, 2, 3, null, 200]);
    expect(pageWindow(100, 200)).toEqual([1, null, 98, 99, 100, 101, 102, null, 200]);
    expect(pageWindow(200, 200)).toEqual([1, null, 198, 199, 200]);
  });
});
