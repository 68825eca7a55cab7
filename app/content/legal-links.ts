/**
 * Where the legal pages live and what they are called. The footer, on every page and in the browser too, needs only
 * this: importing the pages' text (content/legal.ts) would ship it in the root chunk for nothing.
 */
export const LEGAL_LINKS = {
  mentions: { path: "/mentions-legales", title: "Mentions légales" },
  cgv: { path: "/cgv", title: "Conditions générales de vente" },
  privacy: { path: "/confidentialite", title: "Politique de confidentialité" },
} as const;
