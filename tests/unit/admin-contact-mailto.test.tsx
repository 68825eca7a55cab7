// Outside attack 3, finding 10: a contact request's e-mail went into `mailto:` as typed, so "a@b.fr?bcc=…&body=…" made
// the owner's reply copy someone else or carry a text the sender chose. Only one plain address becomes a link.
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import AdminContactRequests from "~/routes/admin.contact";
import type { ContactRequestRow } from "~/models/contact";

const row = (id: string, email: string): ContactRequestRow => ({
  id,
  createdDate: "2026-01-02T10:00:00.000Z",
  name: "Client",
  email,
  company: "",
  phone: "",
  subject: "Audit",
  message: "Bonjour",
  budget: "",
  dates: "",
  product: "",
});

function hrefs(emails: string[]): string[] {
  const props = { loaderData: { requests: emails.map((e, i) => row(String(i), e)) } } as unknown as Parameters<
    typeof AdminContactRequests
  >[0];
  const html = renderToString(<AdminContactRequests {...props} />);
  return [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));
}

describe("reply links on /admin/contact", () => {
  it("links a plain address, and no address carrying mailto parameters or several recipients", () => {
    const injected = [
      "client@exemple.fr?bcc=espion@evil.example",
      "client@exemple.fr?cc=espion@evil.example&subject=Facture&body=Payez%20ici",
      "client@exemple.fr&bcc=espion@evil.example",
      "client@exemple.fr,espion@evil.example",
      "client@exemple.fr%3Fbcc=espion@evil.example",
      "espion@evil.example;client@exemple.fr",
      "javascript:alert(1)//@exemple.fr",
    ];
    const links = hrefs(["client@exemple.fr", ...injected]);
    expect(links).toEqual(["mailto:client@exemple.fr"]);
    // The address is still shown, as text, so the owner sees what was typed.
    const html = renderToString(
      <AdminContactRequests
        {...({ loaderData: { requests: [row("x", injected[0]!)] } } as unknown as Parameters<typeof AdminContactRequests>[0])}
      />,
    );
    expect(html).toContain("client@exemple.fr?bcc=espion@evil.example");
  });
});
