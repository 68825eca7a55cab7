import { Transform } from "node:stream";

const PRELOAD = '<link rel="modulepreload"';
const LOW = '<link rel="modulepreload" fetchpriority="low"';
const HEAD_END = "</head>";

/**
 * Marks the document head's module preloads `fetchpriority="low"`: React Router's `<Scripts>` renders them with
 * no priority option (it passes on only nonce and crossOrigin), React hoists them to the top of the head, and at
 * High priority they compete with the HTML and images the first paint needs (docs/decisions/0046-low-priority-module-preloads.md).
 * Only the head is rewritten; after `</head>` the stream passes through untouched. A chunk's last bytes wait for
 * the next chunk so a tag cut in two is still seen whole.
 */
export function lowPriorityModulePreloads(): Transform {
  let pending = "";
  let inHead = true;
  // Latin-1 maps each byte to one character and back: the tags looked for are ASCII, and a chunk that ends inside a
  // multi-byte UTF-8 character comes out byte for byte.
  const text = (s: string) => Buffer.from(s, "latin1");
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      if (!inHead) return callback(null, chunk);
      const html = pending + (typeof chunk === "string" ? Buffer.from(chunk) : chunk).toString("latin1");
      const end = html.indexOf(HEAD_END);
      if (end !== -1) {
        inHead = false;
        pending = "";
        return callback(null, text(html.slice(0, end).replaceAll(PRELOAD, LOW) + html.slice(end)));
      }
      // Keep back what could be the start of a tag cut by the chunk boundary.
      const lastTag = html.lastIndexOf("<");
      const cut = lastTag >= html.length - (PRELOAD.length - 1) ? lastTag : html.length;
      pending = html.slice(cut);
      callback(null, text(html.slice(0, cut).replaceAll(PRELOAD, LOW)));
    },
    flush(callback) {
      callback(null, text(pending.replaceAll(PRELOAD, LOW)));
    },
  });
}
