/**
 * The legal pages a French online shop must publish, in one place. The wording is the owner's; the identity
 * (name, SIRET, VAT number, address, host, mediator) comes from configuration (LEGAL_* variables), so the same
 * text serves the demo and a real deployment.
 */
import { LEGAL_LINKS } from "./legal-links";

/** Who publishes the site and sells in the shop, as the legal pages must say (the LEGAL_* variables). */
export interface LegalIdentity {
  businessName: string;
  siret: string;
  vatNumber: string;
  /** Franchise en base de TVA: "TVA non applicable, art. 293 B du CGI" instead of the VAT number. */
  vatExempt: boolean;
  address: string;
  email: string;
  host: string;
  mediator: string;
}

/** The mention a business under the VAT franchise puts on its invoices (Code général des impôts, article 293 B). */
export const VAT_EXEMPTION = "TVA non applicable, art. 293 B du CGI";

export interface LegalFacts extends LegalIdentity {
  ownerName: string;
  siteUrl: string;
}

export interface LegalSection {
  title: string;
  paragraphs: string[];
}

export interface LegalPage {
  path: string;
  title: string;
  description: string;
  sections: (f: LegalFacts) => LegalSection[];
}

export const LEGAL_PAGES = {
  mentions: {
    ...LEGAL_LINKS.mentions,
    description: "Éditeur du site, immatriculation, directeur de la publication et hébergeur.",
    sections: (f) => [
      {
        title: "Éditeur du site",
        paragraphs: [
          `${f.siteUrl} est édité par ${f.businessName}.`,
          `Adresse : ${f.address}.`,
          `SIRET : ${f.siret}. ${f.vatExempt ? VAT_EXEMPTION : `Numéro de TVA intracommunautaire : ${f.vatNumber}`}.`,
          `Contact : ${f.email}.`,
        ],
      },
      { title: "Directeur de la publication", paragraphs: [`${f.ownerName}.`] },
      { title: "Hébergeur", paragraphs: [f.host] },
      {
        title: "Propriété intellectuelle",
        paragraphs: [
          "Les textes, images et supports de formation de ce site sont protégés par le droit d'auteur : toute reproduction sans autorisation écrite est interdite.",
        ],
      },
    ],
  },
  cgv: {
    ...LEGAL_LINKS.cgv,
    description: "Prix, paiement, livraison, droit de rétractation, garanties et litiges.",
    sections: (f) => [
      {
        title: "Objet",
        paragraphs: [
          `Les présentes conditions régissent les ventes conclues sur ${f.siteUrl} entre ${f.businessName} et tout acheteur, consommateur ou professionnel.`,
        ],
      },
      {
        title: "Prix",
        paragraphs: [
          "Les prix sont indiqués en euros toutes taxes comprises (TTC). Les frais de livraison éventuels sont indiqués avant la validation de la commande.",
        ],
      },
      {
        title: "Commande et paiement",
        paragraphs: [
          "La commande est conclue lorsque l'acheteur valide le paiement, après avoir vérifié son panier et accepté les présentes conditions.",
          "Le paiement se fait par carte bancaire sur une page sécurisée, ou à la livraison lorsque ce mode est proposé.",
        ],
      },
      {
        title: "Livraison",
        paragraphs: [
          "Les biens matériels sont livrés à l'adresse indiquée à la commande, dans les délais annoncés, ou retirés sur place.",
          "Les contenus numériques sont mis à disposition par un lien de téléchargement après le paiement ; les prestations (conseil, audit, formation) sont planifiées avec l'acheteur.",
        ],
      },
      {
        title: "Droit de rétractation",
        paragraphs: [
          "Le consommateur dispose d'un délai de quatorze jours à compter de la réception d'un bien, ou de la conclusion du contrat pour une prestation, pour se rétracter sans avoir à se justifier (articles L221-18 et suivants du Code de la consommation).",
          "Ce droit ne s'applique pas aux contenus numériques fournis sans support matériel dont l'exécution a commencé avec l'accord exprès du consommateur, qui a renoncé à son droit de rétractation (article L221-28, 13°), ni aux prestations pleinement exécutées avant la fin du délai avec son accord exprès (article L221-28, 1°).",
          `Pour se rétracter, il suffit d'écrire à ${f.email} ; le remboursement intervient dans les quatorze jours.`,
        ],
      },
      {
        title: "Garanties",
        paragraphs: [
          "Les biens bénéficient de la garantie légale de conformité (articles L217-3 et suivants du Code de la consommation) et de la garantie des vices cachés (articles 1641 et suivants du Code civil).",
        ],
      },
      {
        title: "Litiges et médiation",
        paragraphs: [
          `En cas de litige, l'acheteur peut écrire à ${f.email}. Faute d'accord, le consommateur peut recourir gratuitement au médiateur de la consommation : ${f.mediator}.`,
          "Les présentes conditions sont soumises au droit français.",
        ],
      },
    ],
  },
  privacy: {
    ...LEGAL_LINKS.privacy,
    description: "Données conservées, finalités, cookies, durées et droits.",
    sections: (f) => [
      {
        title: "Responsable du traitement",
        paragraphs: [`${f.businessName}, ${f.address}. Contact : ${f.email}.`],
      },
      {
        title: "Données conservées et finalités",
        paragraphs: [
          "Compte client : nom, adresse e-mail et mot de passe (chiffré), pour vous identifier et afficher vos commandes.",
          "Commandes : coordonnées, adresses de livraison et de facturation, articles et montants, pour exécuter la vente et respecter les obligations comptables (conservation dix ans).",
          "Demandes de contact : les informations que vous envoyez, pour vous répondre (conservation trois ans).",
        ],
      },
      {
        title: "Cookies",
        paragraphs: [
          "Ce site n'utilise que des cookies strictement nécessaires : votre session et votre panier (__session), une connexion en cours (__oauth, __verify), un message à afficher une fois (__toast) et votre choix de thème (theme).",
          "Aucun cookie de mesure d'audience, de publicité ou de réseau social n'est déposé : c'est pourquoi aucun bandeau de consentement n'est affiché.",
        ],
      },
      {
        title: "Destinataires",
        paragraphs: [
          "Vos données ne sont transmises qu'au prestataire de la boutique et du paiement, pour exécuter la commande, et ne sont jamais vendues.",
        ],
      },
      {
        title: "Vos droits",
        paragraphs: [
          `Vous pouvez accéder à vos données, les rectifier, les effacer, en limiter l'usage, vous y opposer ou les recevoir dans un format lisible en écrivant à ${f.email}. Vous pouvez aussi supprimer votre compte depuis la page « Mon compte ».`,
          "Vous pouvez introduire une réclamation auprès de la CNIL (www.cnil.fr).",
        ],
      },
    ],
  },
} satisfies Record<string, LegalPage>;

export type LegalPageKey = keyof typeof LEGAL_PAGES;
