import { media } from "@wix/sdk";
import { afterEach, describe, expect, it, vi } from "vitest";
import { forgetConfig } from "~/.server/site/config.server";
import { CARD, GALLERY, absoluteImageUrl, responsiveImage, wixImageUri } from "~/.server/wix/media.server";
import { WIX_SITE_ENV } from "../support/forms";

const PHOTO = "wix:image://v1/products__mug-1.jpg/mug-1.jpg#originWidth=2400&originHeight=1800";

function candidates(srcSet: string | undefined): { url: string; w: number }[] {
  return (srcSet ?? "").split(", ").map((entry) => {
    const [url, descriptor] = entry.split(" ");
    return { url: url!, w: Number(descriptor!.slice(0, -1)) };
  });
}

const written = (url: string) => /\/v1\/fill\/w_(\d+),h_(\d+),/.exec(url)!.slice(1).map(Number) as [number, number];

afterEach(() => {
  vi.unstubAllEnvs();
  forgetConfig();
});

describe("images through the SDK's media helpers", () => {
  it("on the embedded platform: a fill URL per candidate width, under /_platform/media/, each as wide as its descriptor", () => {
    const image = responsiveImage(PHOTO, CARD)!;
    const list = candidates(image.srcSet);
    expect(list.map((c) => c.w)).toEqual([...CARD.widths]);
    for (const { url, w } of list) {
      expect(url.startsWith("/_platform/media/products__mug-1.jpg/v1/fill/")).toBe(true);
      const [width, height] = written(url);
      expect(width).toBe(w);
      // The card's slot is 4:3: each candidate is cropped to it.
      expect(height).toBe(Math.round((w * 3) / 4));
    }
    expect(image).toMatchObject({ sizes: CARD.sizes, width: 400, height: 300 });
    expect(written(image.src)[0]).toBeGreaterThanOrEqual(800);
  });

  it("keeps the image's own ratio where the slot has none, and never asks more pixels than the original has", () => {
    const small = "wix:image://v1/products__tiny.jpg/tiny.jpg#originWidth=600&originHeight=400";
    const image = responsiveImage(small, GALLERY)!;
    const widths = candidates(image.srcSet).map((c) => c.w);
    expect(Math.max(...widths)).toBeLessThanOrEqual(600);
    expect(new Set(widths).size).toBe(widths.length);
    for (const { url } of candidates(image.srcSet)) {
      const [w, h] = written(url);
      expect(Math.abs(w / h - 1.5)).toBeLessThan(0.02);
    }
    expect(image.height / image.width).toBeCloseTo(400 / 600, 2);
  });

  it("on Wix: the very URLs the helpers write with their own base; the platform's differ by the base alone", () => {
    const embedded = responsiveImage(PHOTO, CARD)!;
    for (const [name, value] of Object.entries(WIX_SITE_ENV)) vi.stubEnv(name, value);
    forgetConfig();
    const wix = responsiveImage(PHOTO, CARD)!;
    expect(wix.src).toBe(media.getScaledToFillImageUrl(PHOTO, written(wix.src)[0], written(wix.src)[1], { devicePixelRatio: 1 }));
    expect(wix.srcSet!.replaceAll("https://static.wixstatic.com/media/", "/_platform/media/")).toBe(embedded.srcSet);
  });

  it("fills at the image's own ratio rather than fitting: @wix/sdk's fit gives image-kit the height as the width", () => {
    // A 2400 × 1800 photo fitted in 400 × 400 is 400 × 300; the helper asks 300 × 400. When this fails, the SDK
    // is fixed and responsiveImage may use getScaledToFitImageUrl again (decision 0050).
    const fitted = media.getScaledToFitImageUrl(PHOTO, 400, 400, { devicePixelRatio: 1 });
    expect(written(fitted)).toEqual([300, 400]);
    expect(written(responsiveImage(PHOTO, { widths: [400], sizes: "400px", width: 400 })!.src)).toEqual([400, 300]);
  });

  it("draws a plain URL as it is, and nothing for no image", () => {
    expect(responsiveImage("https://cdn.example/x.png", CARD)).toEqual({ src: "https://cdn.example/x.png", width: 400, height: 300 });
    expect(responsiveImage(undefined, CARD)).toBeUndefined();
  });

  it("turns a Catalog V1 media id and size into the URI the helpers read; social cards are absolute 1200 × 630", () => {
    const uri = wixImageUri("11062b_abc~mv2.jpg", 3000, 2000, "Mug café.jpg");
    expect(media.getImageUrl(uri)).toMatchObject({ id: "11062b_abc~mv2.jpg", width: 3000, height: 2000, filename: "Mug café.jpg" });
    vi.stubEnv("PUBLIC_ORIGIN", "https://shop.example");
    forgetConfig();
    const card = absoluteImageUrl(PHOTO, 1200, 630)!;
    expect(card.startsWith("https://shop.example/_platform/media/products__mug-1.jpg/v1/fill/w_1200,h_630,")).toBe(true);
    expect(absoluteImageUrl("/portrait.svg", 1200, 630)).toBeUndefined();
  });
});
