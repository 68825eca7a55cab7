import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("preferences/theme", "routes/preferences.theme.ts"),
  route("webhooks/wix", "routes/webhooks.wix.ts"),
  route("search/suggestions", "routes/search.suggestions.ts"),
  route("og/:kind/:file", "routes/og.$kind.$file.ts"),

  // Store pages share the demo-platform banner.
  layout("routes/store-layout.tsx", [
    route("products", "routes/products._index.tsx"),
    route("products/:slug", "routes/products.$slug.tsx"),
    route("collections/:slug", "routes/collections.$slug.tsx"),
    route("cart", "routes/cart.tsx"),
    route("checkout", "routes/checkout.tsx"),
    route("checkout/complete", "routes/checkout.complete.tsx"),
    route("commande/suivi", "routes/commande.suivi.tsx"),
    // A client's quote behind its signed link (app/.server/quotes/link.server.ts): read, accept, refuse, pay.
    route("devis", "routes/devis.tsx"),
    route("devis/merci", "routes/devis.merci.tsx"),
    route("account", "routes/account._index.tsx"),
    route("account/orders", "routes/account.orders._index.tsx"),
    route("account/orders/:id", "routes/account.orders.$id.tsx"),
    route("account/devis", "routes/account.devis.tsx"),
    route("account/email", "routes/account.email.tsx"),
  ]),
  route("account/orders/:id/facture.pdf", "routes/account.orders.$id.facture.ts"),
  route("account/orders/:id/avoirs/:file", "routes/account.orders.$id.avoirs.$file.ts"),
  // An invoice behind a signed link (the buyer's e-mail, the follow page): platform/ecom/after-sale/invoices.ts writes it.
  route("factures/:orderId", "routes/factures.$orderId.ts"),
  // Where a refused invoice link lands: the error screen, as a page (a PDF route cannot render one).
  route("factures/lien-non-valide", "routes/factures.lien-non-valide.tsx"),
  route("devis/pdf", "routes/devis.pdf.ts"),
  route("devis/facture", "routes/devis.facture.ts"),
  route("account/login", "routes/account.login.tsx"),
  route("account/register", "routes/account.register.tsx"),
  route("account/verify", "routes/account.verify.tsx"),
  route("account/pending", "routes/account.pending.tsx"),
  route("account/forgot-password", "routes/account.forgot-password.tsx"),
  route("account/callback", "routes/account.callback.tsx"),
  route("account/logout", "routes/account.logout.tsx"),

  // The CV (app/content/cv.ts): page, PDF, project pages; the quote request form.
  route("cv", "routes/cv.tsx"),
  route("cv.pdf", "routes/cv.pdf.ts"),
  route("realisations", "routes/realisations._index.tsx"),
  route("realisations/:slug", "routes/realisations.$slug.tsx"),
  route("contact", "routes/contact.tsx"),
  route("contact/merci", "routes/contact.merci.tsx"),

  // The owner's back-office (app/.server/admin/owner.server.ts): 404 for everyone but the owner.
  route("admin", "routes/admin.tsx", [
    index("routes/admin._index.tsx"),
    route("orders", "routes/admin.orders._index.tsx"),
    route("orders/export.csv", "routes/admin.orders.export.ts"),
    route("orders/:id", "routes/admin.orders.$id.tsx"),
    route("orders/:id/facture.pdf", "routes/admin.orders.$id.facture.ts"),
    route("orders/:id/avoirs/:file", "routes/admin.orders.$id.avoirs.$file.ts"),
    route("customers/:email", "routes/admin.customers.$email.tsx"),
    route("members", "routes/admin.members.tsx"),
    route("contact", "routes/admin.contact.tsx"),
    route("products", "routes/admin.products._index.tsx"),
    route("products/:id", "routes/admin.products.$id.tsx"),
    route("coupons", "routes/admin.coupons.tsx"),
    route("paiement", "routes/admin.paiement.tsx"),
    route("devis", "routes/admin.devis._index.tsx"),
    route("devis/nouveau", "routes/admin.devis.nouveau.tsx"),
    route("devis/:number", "routes/admin.devis.$number.tsx"),
    route("devis/:number/modifier", "routes/admin.devis.$number.modifier.tsx"),
    route("devis/:number/pdf", "routes/admin.devis.$number.pdf.ts"),
  ]),

  // Legal pages (app/content/legal.ts) and what search engines read.
  route("mentions-legales", "routes/legal.tsx", { id: "legal-mentions" }),
  route("cgv", "routes/legal.tsx", { id: "legal-cgv" }),
  route("confidentialite", "routes/legal.tsx", { id: "legal-privacy" }),
  route("robots.txt", "routes/robots.txt.ts"),
  route("sitemap.xml", "routes/sitemap.xml.ts"),

  // Must stay last: every unknown URL answers the 404 screen.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
