// Outside attack 3, finding 10: a contact request's e-mail went into `mailto:` as typed, so "a@b.fr?bcc=…&body=…" made
// the owner's reply copy someone else or carry a text the sender chose. Only one plain address becomes a link.
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
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
  status: "NEW",
  statusLabel: "Nouvelle",
});

/** The page as the owner gets it (its links and forms need a router): its loader's data for these requests. */
function render(requests: ContactRequestRow[]): string {
  const loaderData = { requests, counts: { NEW: requests.length, HANDLED: 0, ARCHIVED: 0 }, status: undefined };
  const props = { loaderData } as unknown as Parameters<typeof AdminContactRequests>[0];
  const Stub = createRoutesStub([{ path: "/admin/contact", Component: () => <AdminContactRequests {...props} /> }]);
  return renderToString(<Stub initialEntries={["/admin/contact"]} />);
}

/** The mailto: links of the page: the address itself, and "Répondre" (the request quoted). */
function mailtoLinks(emails: string[]): string[] {
  const html = render(emails.map((e, i) => row(String(i), e)));
  return [...html.matchAll(/href="(mailto:[^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));
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
    const links = mailtoLinks(["client@exemple.fr", ...injected]);
    expect(links.map((l) => l.split("?")[0])).toEqual(["mailto:client@exemple.fr", "mailto:client@exemple.fr"]);
    expect(links[0]).toBe("mailto:client@exemple.fr");
    // The reply sets only its subject and body: nothing the sender typed adds a recipient.
    expect([...new URL(links[1]!).searchParams.keys()]).toEqual(["subject", "body"]);
    // The address is still shown, as text, so the owner sees what was typed.
    const html = render([row("x", injected[0]!)]);
    expect(html).toContain("client@exemple.fr?bcc=espion@evil.example");
  });
});
