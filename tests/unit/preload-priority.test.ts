import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads } from "~/.server/http/preload-priority.server";

/** The document React streams, cut into `chunks` at the given byte offsets, through the transform. */
async function through(html: string, cuts: number[] = []): Promise<string> {
  const bytes = Buffer.from(html);
  const chunks = [0, ...cuts, bytes.length].slice(1).map((end, i, ends) => bytes.subarray(i ? ends[i - 1] : 0, end));
  const out: Buffer[] = [];
  for await (const chunk of Readable.from(chunks).pipe(lowPriorityModulePreloads())) out.push(chunk as Buffer);
  return Buffer.concat(out).toString("utf8");
}

const HEAD =
  '<!DOCTYPE html><html lang="fr"><head><meta charSet="utf-8"/><link rel="modulepreload" href="/assets/entry.client-a.js" nonce="n"/>' +
  '<title>Boutique – Café</title><link rel="modulepreload" href="/assets/root-b.js" nonce="n"/></head>';
const BODY = '<body><p>Été</p><link rel="modulepreload" href="/assets/late.js"/></body></html>';

describe("module preloads at low priority", () => {
  it("marks every module preload of the head low priority and leaves the body as React wrote it", async () => {
    const out = await through(HEAD + BODY);
    expect(out.match(/<link rel="modulepreload" fetchpriority="low" href="\/assets\/[^"]+"/g)).toEqual([
      '<link rel="modulepreload" fetchpriority="low" href="/assets/entry.client-a.js"',
      '<link rel="modulepreload" fetchpriority="low" href="/assets/root-b.js"',
    ]);
    expect(out).toBe(HEAD.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"') + BODY);
  });

  it("sees a tag, </head> and a UTF-8 character cut by chunk boundaries", async () => {
    const expected = await through(HEAD + BODY);
    const html = HEAD + BODY;
    const at = (s: string, k = 0) => Buffer.byteLength(html.slice(0, html.indexOf(s) + k));
    // Inside the first preload tag, between the two bytes of "é" (Café), inside </head>, between the bytes of "É".
    const cuts = [at("modulepreload", 4), at("Café", 3) + 1, at("</head>", 3), at("Été") + 1];
    expect(await through(html, cuts)).toBe(expected);
    // One byte at a time, too.
    expect(
      await through(
        html,
        [...Array(Buffer.byteLength(html) - 1).keys()].map((i) => i + 1),
      ),
    ).toBe(expected);
  });
});
