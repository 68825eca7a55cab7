import { jsonForScript, type JsonLdObject } from "~/lib/structured-data";

/** One JSON-LD data block: browsers never execute it, so the CSP needs no nonce for it. */
export function JsonLd({ data }: { data: JsonLdObject }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(data) }} />;
}
