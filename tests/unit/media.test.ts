import { describe, expect, it } from "vitest";
import { imageUrl, WIX_MEDIA_BASE_URL } from "~/lib/media";

describe("image URLs from the SDK", () => {
  it("resolves wix:image URIs against the platform's media base", () => {
    const uri = "wix:image://v1/products__mug-1.svg/mug-1.svg#originWidth=800&originHeight=800";
    expect(imageUrl(uri, "/_platform/media/")).toBe("/_platform/media/products__mug-1.svg");
    expect(imageUrl("wix:image://v1/11062b_abc~mv2.jpg/photo.jpg#originWidth=1&originHeight=1", WIX_MEDIA_BASE_URL)).toBe(
      "https://static.wixstatic.com/media/11062b_abc~mv2.jpg",
    );
  });

  it("keeps plain URLs and drops empty values", () => {
    expect(imageUrl("https://cdn.example/x.png", WIX_MEDIA_BASE_URL)).toBe("https://cdn.example/x.png");
    expect(imageUrl(undefined, WIX_MEDIA_BASE_URL)).toBeUndefined();
  });
});
