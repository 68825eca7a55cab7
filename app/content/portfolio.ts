/**
 * The portfolio's words, in one place: edit this file to change the home page.
 * The owner's name and the page meta come from configuration (SITE_* variables).
 */
export const portfolio = {
  jobTitle: "Informaticien",
  headline: "Je conçois, construis et fais grandir des applications web fiables.",
  intro: [
    "Développeur full-stack et consultant depuis plus de quinze ans, j'accompagne des PME, des start-up et des équipes produit de grands groupes, de l'idée à la mise en production.",
    "Mon credo : des logiciels simples, mesurés et sûrs, que votre équipe comprend et fait évoluer sans moi.",
  ],
  services: [
    {
      title: "Audit et architecture",
      text: "Revue de code et d'architecture, dette technique chiffrée, feuille de route priorisée en deux semaines.",
    },
    {
      title: "Développement web",
      text: "Applications TypeScript et React rendues côté serveur, accessibles, rapides et testées de bout en bout.",
    },
    {
      title: "Cloud et DevOps",
      text: "Conteneurs, intégration continue, observabilité et migrations vers le cloud sans interruption de service.",
    },
    {
      title: "Formation",
      text: "Formations pratiques en TypeScript, React, tests automatisés et DevOps, en intra ou inter-entreprises.",
    },
  ],
  skills: ["TypeScript", "React", "Node.js", "SQL", "Docker", "Kubernetes", "CI/CD", "Sécurité applicative", "Accessibilité"],
  store: {
    title: "La boutique",
    text: "Prestations de conseil, formations, livres techniques et goodies : commandez en ligne en quelques clics.",
    cta: "Découvrir la boutique",
  },
} as const;
