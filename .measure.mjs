import { chromium } from "@playwright/test";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] });
const base = "http://127.0.0.1:4193";
for (const [w, h] of [[390, 844], [768, 1024], [1280, 900]]) {
  const page = await browser.newPage({ viewport: { width: w, height: h } });
  for (const path of ["/products", "/products/audit-si", "/cv"]) {
    await page.goto(base + path);
    await page.waitForLoadState("networkidle");
    const imgs = await page.$$eval("img", (list) => list.map((i) => ({ cls: i.className || i.parentElement.className, w: i.clientWidth, h: i.clientHeight, cur: i.currentSrc.replace(/.*\/v1\/fill\//, "").slice(0, 14) })));
    const seen = new Set();
    console.log(w, path, imgs.filter((i) => { const k = i.cls + i.w; if (seen.has(k)) return false; seen.add(k); return true; }).slice(0, 6));
  }
  await page.close();
}
await browser.close();
