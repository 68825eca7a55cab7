import { chromium } from "@playwright/test";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] });
const base = "http://127.0.0.1:4193";
const shots = [
  ["products-390-dark", "/products", 390, 844, "dark", 3],
  ["product-390-dark", "/products/livre-typescript", 390, 844, "dark", 3],
  ["products-1280-light", "/products", 1280, 900, "light", 1],
  ["product-1280-light", "/products/audit-si", 1280, 900, "light", 1],
];
for (const [name, path, width, height, scheme, dpr] of process.argv[2] ? shots.filter((s) => s[0].includes(process.argv[2])) : shots) {
  const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: dpr, colorScheme: scheme });
  const page = await context.newPage();
  await page.goto(base + path);
  await page.waitForLoadState("networkidle");
  await page.screenshot({ path: `/work/wt/notes/photos-shots/${name}.png`, fullPage: false });
  await context.close();
}
await browser.close();
