import { media } from "@wix/sdk";
import sharp from "sharp";
import { createPlatform } from "./platform/index";
const p = createPlatform({ dbPath: ":memory:", outboxFile: false });
const uri = "wix:image://v1/products__audit-si-1.jpg/audit-si-1.jpg#originWidth=3000&originHeight=2250";
for (const [w, h] of [[400, 300], [1200, 900], [96, 96]]) {
  const url = media.getScaledToFillImageUrl(uri, w, h, { baseHostURL: "http://localhost:3000/_platform/media/" });
  for (const accept of ["image/avif,image/webp,*/*", "image/avif,*/*", "*/*"]) {
    const t = Date.now();
    const r = await p.fetch(new Request(url, { headers: { accept } }));
    const b = Buffer.from(await r.arrayBuffer());
    const m = r.status === 200 ? await sharp(b).metadata() : null;
    console.log(r.status, r.headers.get("content-type"), b.length, m?.width, m?.height, Date.now() - t, "ms", url.slice(40));
  }
}
for (const bad of ["products__audit-si-1.jpg/v1/fill/w_6000,h_5000,al_c/x.jpg", "products__audit-si-1.jpg/v1/fill/w_10,h_10,al_c,foo_1/x.jpg", "products__audit-si-1.jpg/v1/fit/w_10,h_10,al_c/x.jpg", "nope.jpg/v1/fill/w_10,h_10,al_c/x.jpg", "products__audit-si-1.jpg"]) {
  const r = await p.fetch(new Request("http://localhost:3000/_platform/media/" + bad));
  console.log(r.status, r.headers.get("content-type"), r.headers.get("content-length"), (await r.text()).slice(0, 80));
}
p.close();
