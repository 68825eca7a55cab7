import { chromium } from "@playwright/test";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] });
const page = await browser.newPage({ viewport: { width: 400, height: 800 } });
await page.goto("http://127.0.0.1:4193/products");
const page2 = await browser.newPage({ viewport: { width: 400, height: 800 } });
await page2.goto("http://127.0.0.1:4193/products/audit-si");
const out = [];
for (let w = 320; w <= 1600; w += 40) {
  await page.setViewportSize({ width: w, height: 800 });
  await page2.setViewportSize({ width: w, height: 800 });
  const c = await page.$eval(".product-card-media", (e) => e.clientWidth);
  const g = await page2.$eval(".gallery-main img", (e) => e.clientWidth);
  out.push(`${w}:${c}/${g}`);
}
console.log(out.join(" "));
await browser.close();
