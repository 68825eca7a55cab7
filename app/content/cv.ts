import type { Cv, CvExperience, CvProject } from "./cv-schema";

export type { Cv, CvExperience, CvProject };

/**
 * The CV, in one place: the /cv page, the project pages (/realisations/:slug), the PDF at /cv.pdf, the sitemap and
 * the schema.org Person all read this file. Typed by ./cv-schema.ts: a missing field fails the typecheck (`npm run
 * lint`), a broken rule (duplicate slug, bad date or link) the unit tests and the PDF's rendering, never a page. Why not Markdown: docs/decisions/0016-cv-content-typed-module.md.
 *
 * The owner's name comes from configuration (SITE_OWNER_NAME); everything else about the career is here.
 */

export const cv: Cv = {
  jobTitle: "Informaticien — développeur full-stack et consultant",
  location: "Lyon, France (missions à distance ou sur site)",
  summary:
    "Quinze ans de développement web et de conseil : architecture d'applications TypeScript, fiabilité en production, accompagnement d'équipes et formations.",
  // The picture itself is configuration (SITE_PORTRAIT: a Wix Media image), its description is content.
  photo: { alt: "Portrait de l'informaticien, souriant, en chemise bleue" },
  links: [
    { label: "LinkedIn", url: "https://www.linkedin.com/in/exemple-informaticien" },
    { label: "GitHub", url: "https://github.com/exemple-informaticien" },
    { label: "Malt", url: "https://www.malt.fr/profile/exemple-informaticien" },
  ],
  experience: [
    {
      role: "Consultant indépendant — architecture et développement web",
      organisation: "Indépendant",
      place: "Lyon",
      start: "2019-03",
      summary: "Audits, architecture et développement d'applications web pour des PME, des start-up et des grands comptes.",
      highlights: [
        "Plus de trente missions d'audit et d'architecture livrées",
        "Formations TypeScript, React et tests pour plus de 400 stagiaires",
      ],
    },
    {
      role: "Architecte logiciel",
      organisation: "Groupe de distribution (grand compte)",
      place: "Lyon",
      start: "2015-09",
      end: "2019-02",
      summary: "Refonte du site marchand et de ses services internes vers une architecture rendue côté serveur.",
      highlights: ["Temps d'affichage divisé par trois", "Mise en production hebdomadaire puis quotidienne"],
    },
    {
      role: "Développeur full-stack",
      organisation: "Éditeur de logiciels SaaS",
      place: "Grenoble",
      start: "2010-06",
      end: "2015-08",
      summary: "Développement d'une plateforme de facturation en ligne, de la base de données à l'interface.",
      highlights: ["Passage de 200 à 12 000 clients sans interruption de service", "Mise en place de l'intégration continue"],
    },
  ],
  projects: [
    {
      slug: "refonte-site-marchand",
      title: "Refonte d'un site marchand à fort trafic",
      client: "Enseigne de distribution",
      year: 2023,
      summary: "Un site marchand rendu côté serveur, trois fois plus rapide, livré sans interruption de service.",
      context: "Le site historique, lent sur mobile, perdait des ventes ; chaque mise en production était un risque.",
      work: [
        "Audit de performance et de la dette technique, feuille de route priorisée",
        "Migration progressive vers React Router rendu côté serveur, page par page",
        "Tests de bout en bout et mesures de performance dans l'intégration continue",
      ],
      results: ["Temps d'affichage sur mobile divisé par trois", "Taux de conversion en hausse de 18\u00a0%"],
      stack: ["TypeScript", "React Router", "Node.js", "PostgreSQL"],
    },
    {
      slug: "audit-securite-saas",
      title: "Audit de sécurité d'une application SaaS",
      client: "Start-up de la santé",
      year: 2022,
      summary: "Un audit de sécurité applicative et un plan de remédiation avant une levée de fonds.",
      context: "Des investisseurs demandaient un audit indépendant de l'application et de son hébergement.",
      work: ["Revue de code ciblée (authentification, données de santé)", "Tests d'intrusion applicatifs", "Plan de remédiation chiffré"],
      results: ["Douze vulnérabilités corrigées en six semaines", "Audit validé par les investisseurs"],
      stack: ["Node.js", "Kubernetes", "OWASP ASVS"],
    },
    {
      slug: "formation-typescript-equipe",
      title: "Montée en compétence d'une équipe sur TypeScript",
      client: "Éditeur de logiciels",
      year: 2024,
      summary: "Trois jours de formation puis un accompagnement sur le code de l'équipe.",
      context: "Une équipe de huit développeurs migrait une base JavaScript de 200 000 lignes vers TypeScript.",
      work: ["Formation intra-entreprise de trois jours", "Ateliers sur le code réel de l'équipe", "Revue des premières migrations"],
      results: ["Migration terminée en quatre mois", "Incidents en production divisés par deux"],
      stack: ["TypeScript", "Vitest", "ESLint"],
    },
  ],
  certifications: [
    { name: "Certified Kubernetes Application Developer (CKAD)", issuer: "The Linux Foundation", year: 2021 },
    { name: "AWS Certified Solutions Architect — Associate", issuer: "Amazon Web Services", year: 2020 },
  ],
  languages: [
    { name: "Français", level: "langue maternelle" },
    { name: "Anglais", level: "courant (C1)" },
    { name: "Espagnol", level: "intermédiaire (B1)" },
  ],
  skills: [
    { area: "Langages et frameworks", items: ["TypeScript", "JavaScript", "React", "React Router", "Node.js", "SQL"] },
    { area: "Cloud et DevOps", items: ["Docker", "Kubernetes", "AWS", "CI/CD", "Observabilité"] },
    { area: "Qualité", items: ["Tests automatisés", "Sécurité applicative (OWASP)", "Accessibilité (RGAA, WCAG)", "Performance web"] },
    { area: "Conseil", items: ["Audit et architecture", "Formation et accompagnement d'équipes", "Cadrage de projets"] },
  ],
  education: [
    { degree: "Master Informatique, parcours génie logiciel", school: "Université Grenoble Alpes", year: 2010 },
    { degree: "Licence Informatique", school: "Université Grenoble Alpes", year: 2008 },
  ],
  // Demonstration number (the ARCEP range reserved for fiction is not mobile): replace with the real one.
  phone: "+33612345678",
  testimonials: [
    {
      quote: "Un audit clair, chiffré et actionnable : l'équipe savait quoi faire dès le lendemain.",
      author: "Claire D.",
      role: "Directrice technique, start-up de la santé",
    },
    {
      quote: "La formation la plus concrète que nous ayons suivie : tout partait de notre propre code.",
      author: "Marc L.",
      role: "Responsable d'équipe, éditeur de logiciels",
    },
  ],
};

export function projectBySlug(slugValue: string): CvProject | undefined {
  return cv.projects.find((p) => p.slug === slugValue);
}

const MONTHS = ["janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."];

/** "mars 2019", "2019" — French, no Intl dependency so the PDF and the page print the same text. */
function formatYearMonth(value: string): string {
  const [year, month] = value.split("-");
  return month ? `${MONTHS[Number(month) - 1]} ${year}` : year!;
}

/** "mars 2019 – aujourd'hui" */
export function period(e: Pick<CvExperience, "start" | "end">): string {
  return `${formatYearMonth(e.start)} – ${e.end ? formatYearMonth(e.end) : "aujourd'hui"}`;
}
