// The image bytes a phone downloads for the first screen of a page (390 × 844 CSS px at DPR 3, as an iPhone 12 to
// 15), against the bytes of the originals those images are cut from: what srcset, sizes and the media service's
// resizing save. Real Chromium (Debian's) through Playwright; the bytes are the response bodies as served.
import { chromium } from "@playwright/test";

const CHROME = process.env.CHROME_PATH || "/usr/bin/chromium";
export const PHONE = { width: 390, height: 844, deviceScaleFactor: 3 };

/** The original's address of a transformed media URL (`<base><id>/v1/…` → `<base><id>`); other URLs as they are. */
const originalOf = (url) => url.replace(/\/v1\/(crop|fill|fit)\/.*$/, "");

async function bytesOf(url, headers) {
  const res = await fetch(url, { headers });
  return res.ok ? (await res.arrayBuffer()).byteLength : 0;
}

/**
 * `pages`: [{ name, url, cookie?, lcp? }] (`lcp`: a selector for the page's main image, measured on its own).
 * Returns per page: first-screen images, their bytes, the originals' bytes, the LCP image's bytes.
 */
export async function imageBytes(pages) {
  const browser = await chromium.launch({ executablePath: CHROME, args: ["--headless", "--no-sandbox", "--disable-gpu"] });
  const out = {};
  try {
    for (const page of pages) {
      const context = await browser.newContext({
        viewport: { width: PHONE.width, height: PHONE.height },
        deviceScaleFactor: PHONE.deviceScaleFactor,
        isMobile: true,
        hasTouch: true,
        ...(page.cookie ? { extraHTTPHeaders: { cookie: page.cookie } } : {}),
      });
      const tab = await context.newPage();
      const served = new Map();
      tab.on("response", async (res) => {
        if (res.request().resourceType() !== "image") return;
        try {
          served.set(res.url(), { bytes: (await res.body()).length, type: res.headers()["content-type"] });
        } catch {
          // a redirect or an aborted request has no body
        }
      });
      await tab.goto(page.url, { waitUntil: "networkidle" });
      const firstScreen = await tab.$$eval("img", (images) =>
        images
          .filter((img) => {
            const r = img.getBoundingClientRect();
            return img.currentSrc && r.bottom > 0 && r.top < window.innerHeight && r.width > 0;
          })
          .map((img) => img.currentSrc),
      );
      const lcpSrc = page.lcp ? await tab.$eval(page.lcp, (img) => img.currentSrc).catch(() => null) : null;
      const headers = page.cookie ? { cookie: page.cookie } : {};
      const images = [];
      for (const url of new Set(firstScreen)) {
        const got = served.get(url) ?? { bytes: await bytesOf(url, { accept: "image/webp,*/*", ...headers }), type: "?" };
        images.push({
          url: url.replace(/^https?:\/\/[^/]+/, ""),
          bytes: got.bytes,
          type: got.type,
          originalBytes: await bytesOf(originalOf(url), headers),
        });
      }
      const sum = (key) => images.reduce((n, i) => n + i[key], 0);
      out[page.name] = {
        firstScreen: { count: images.length, bytes: sum("bytes"), originalBytes: sum("originalBytes"), images },
        ...(lcpSrc
          ? {
              lcp: {
                url: lcpSrc.replace(/^https?:\/\/[^/]+/, ""),
                bytes: served.get(lcpSrc)?.bytes ?? 0,
                originalBytes: await bytesOf(originalOf(lcpSrc), headers),
              },
            }
          : {}),
      };
      console.log(
        `  images ${page.name}: first screen ${images.length} images, ${Math.round(sum("bytes") / 1000)} KB (originals ${Math.round(sum("originalBytes") / 1000)} KB)` +
          (out[page.name].lcp ? `; LCP image ${Math.round(out[page.name].lcp.bytes / 1000)} KB` : ""),
      );
      await context.close();
    }
  } catch (error) {
    return { error: String(error?.message ?? error).slice(0, 300) };
  } finally {
    await browser.close();
  }
  return out;
}
