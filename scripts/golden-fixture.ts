// Writes a golden fixture from a documented example answer (see tests/contract/README.md, "Golden answers").
// The example's JSON (the response body the reference page shows) comes on stdin; the fixture keeps its keys and
// value types only (shapeOf), with the page it comes from.
//
//   npm run golden:fixture -- --endpoint "GET /ecom/v1/carts/current" --call currentCart.getCurrentCart \
//     --title "Get Current Cart" --url https://dev.wix.com/docs/... --example "Get Cart" \
//     --out tests/contract/golden/ecom/get-current-cart.json < example.json
//
// --fold: stdin holds an array of several examples of the same page; their shapes are merged (the union of keys).
// --kind schema: the input is a shape built from the reference's response type (no example on the page); missing
// fields then do not count as differences. --note adds a sentence (e.g. which sibling page the example is from).
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { parseArgs } from "node:util";
import { format } from "prettier";
import { foldElements, shapeOf } from "../tests/contract/golden/compare";

const { values } = parseArgs({
  options: {
    endpoint: { type: "string" },
    call: { type: "string" },
    title: { type: "string" },
    url: { type: "string" },
    example: { type: "string", default: "" },
    kind: { type: "string", default: "example" },
    note: { type: "string" },
    fold: { type: "boolean", default: false },
    out: { type: "string" },
  },
});

for (const required of ["endpoint", "call", "title", "url", "out"] as const)
  if (!values[required]) throw new Error(`--${required} is required`);
if (!/^(GET|POST|PATCH|PUT|DELETE) \/\S*$/.test(values.endpoint!)) throw new Error("--endpoint is 'METHOD /path/{param}'");
if (values.kind !== "example" && values.kind !== "schema") throw new Error("--kind is example or schema");

const input = JSON.parse(readFileSync(0, "utf8")) as unknown;
if (values.fold && !Array.isArray(input)) throw new Error("--fold expects an array of examples on stdin");
const example = values.fold ? foldElements(input as unknown[]) : input;
const fixture = {
  endpoint: values.endpoint,
  call: values.call,
  source: {
    title: values.title,
    url: values.url,
    kind: values.kind,
    ...(values.example ? { example: values.example } : {}),
    ...(values.note ? { note: values.note } : {}),
  },
  response: shapeOf(example),
};
mkdirSync(dirname(values.out!), { recursive: true });
writeFileSync(values.out!, await format(JSON.stringify(fixture), { parser: "json", printWidth: 140 }));
console.log(`wrote ${values.out}`);
