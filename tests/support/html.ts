// Reading server-rendered pages as a browser would: their text and their forms, with the fields a submission sends.
// Good enough for the app's pages and the platform's hosted pages; shared by every harness of the test kit.

export interface ParsedForm {
  action: string;
  method: string;
  fields: Array<{ name: string; value: string; type: string }>;
  buttons: Array<{ name?: string; value?: string; label: string }>;
  html: string;
}

export function decodeEntities(s: string): string {
  return s
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&nbsp;/g, "\u00a0")
    .replace(/&amp;/g, "&");
}

const attr = (tag: string, name: string): string | undefined => {
  const m = new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(tag);
  return m ? decodeEntities(m[2] ?? m[3] ?? m[4] ?? "") : undefined;
};
const hasAttr = (tag: string, name: string) => new RegExp(`\\s${name}(\\s|=|>|/)`, "i").test(tag);

/** Visible text of an HTML page (tags removed, entities decoded, whitespace collapsed). */
export function pageText(html: string): string {
  return decodeEntities(html.replace(/<(script|style)[\s\S]*?<\/\1>/gi, " ").replace(/<[^>]+>/g, " "))
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Every form of the page with what a submission sends: inputs with their values (honeypots stay empty; unchecked
 * boxes, files and buttons send nothing), the selected option or the first, textareas; and its submit buttons.
 */
export function parseForms(html: string): ParsedForm[] {
  const forms: ParsedForm[] = [];
  const re = /<form\b([^>]*)>([\s\S]*?)<\/form>/gi;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    const open = `<form ${m[1]}>`;
    const body = m[2] ?? "";
    const fields: ParsedForm["fields"] = [];
    for (const tag of body.match(/<input\b[^>]*>/gi) ?? []) {
      const name = attr(tag, "name");
      const type = (attr(tag, "type") ?? "text").toLowerCase();
      if (!name || type === "submit" || type === "button" || type === "image" || type === "file") continue;
      if ((type === "checkbox" || type === "radio") && !hasAttr(tag, "checked")) continue;
      fields.push({ name, value: attr(tag, "value") ?? (type === "checkbox" ? "on" : ""), type });
    }
    for (const sm of body.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/gi)) {
      const name = attr(`<select ${sm[1]}>`, "name");
      if (!name) continue;
      const options = [...(sm[2] ?? "").matchAll(/<option\b([^>]*)>([\s\S]*?)<\/option>/gi)];
      const chosen = options.find((o) => hasAttr(`<option ${o[1]}>`, "selected")) ?? options[0];
      if (chosen) fields.push({ name, value: attr(`<option ${chosen[1]}>`, "value") ?? pageText(chosen[2] ?? ""), type: "select" });
    }
    for (const tm of body.matchAll(/<textarea\b([^>]*)>([\s\S]*?)<\/textarea>/gi)) {
      const name = attr(`<textarea ${tm[1]}>`, "name");
      if (name) fields.push({ name, value: decodeEntities(tm[2] ?? ""), type: "textarea" });
    }
    const buttons: ParsedForm["buttons"] = [];
    for (const bm of body.matchAll(/<button\b([^>]*)>([\s\S]*?)<\/button>/gi)) {
      const tag = `<button ${bm[1]}>`;
      const type = (attr(tag, "type") ?? "submit").toLowerCase();
      if (type !== "submit") continue;
      buttons.push({ name: attr(tag, "name"), value: attr(tag, "value"), label: pageText(bm[2] ?? "") });
    }
    for (const tag of body.match(/<input\b[^>]*>/gi) ?? []) {
      if ((attr(tag, "type") ?? "").toLowerCase() !== "submit") continue;
      buttons.push({ name: attr(tag, "name"), value: attr(tag, "value"), label: attr(tag, "value") ?? "" });
    }
    forms.push({ action: attr(open, "action") ?? "", method: (attr(open, "method") ?? "get").toUpperCase(), fields, buttons, html: m[0] });
  }
  return forms;
}

/**
 * The form holding a submit button whose label is exactly `label` (case and spacing insensitive), or matches it
 * when it is a RegExp.
 */
export function formWithButton(html: string, label: string | RegExp): { form: ParsedForm; button: ParsedForm["buttons"][number] } {
  const norm = (s: string) => s.replace(/\s+/g, " ").trim().toLowerCase();
  const matches = (l: string) => (typeof label === "string" ? norm(l) === norm(label) : label.test(l));
  for (const form of parseForms(html)) {
    const button = form.buttons.find((b) => matches(b.label));
    if (button) return { form, button };
  }
  throw new Error(`no form with a "${String(label)}" button in the page:\n${pageText(html).slice(0, 500)}`);
}

/** The first form whose text holds `text` (undefined when the page has none). */
function formWithText(html: string, text: string): ParsedForm | undefined {
  return parseForms(html).find((form) => form.html.replace(/<[^>]+>/g, "").includes(text));
}

/** The markup of the first form whose text holds `buttonText` (undefined when the page has none). */
export function findForm(html: string, buttonText: string): string | undefined {
  return formWithText(html, buttonText)?.html;
}

/**
 * The fields a browser would send for the form that holds `buttonText`, with the name and value of the button
 * whose text holds it.
 */
export function formFields(html: string, buttonText: string): Record<string, string> {
  const form = formWithText(html, buttonText);
  if (!form) throw new Error(`no form with "${buttonText}"`);
  const fields: Record<string, string> = {};
  for (const field of form.fields) fields[field.name] = field.value;
  const button = form.buttons.find((b) => b.label.includes(buttonText));
  if (button?.name) fields[button.name] = button.value ?? "";
  return fields;
}
