// Baseline (a), the practical ceiling: node:http answering the exact bytes of
// the app's home page (captured by run.mjs), with no framework in between.
import http from "node:http";
import { readFileSync } from "node:fs";

const body = readFileSync(process.env.BARE_BODY);
const contentType = process.env.BARE_CONTENT_TYPE || "text/html; charset=utf-8";

http
  .createServer((req, res) => {
    req.resume();
    res.writeHead(200, { "content-type": contentType, "content-length": body.length });
    res.end(body);
  })
  .listen(Number(process.env.PORT), "127.0.0.1", () => console.log("bare server ready"));

process.on("SIGTERM", () => process.exit(0));
