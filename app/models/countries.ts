/**
 * Countries we ship to and their postal code shapes. Isomorphic: the server
 * validates with them and the page renders the same French names.
 */

/** Countries we ship to, with their French names (fixed text: server and browser must render the same). */
export const COUNTRIES: ReadonlyArray<{ code: string; name: string }> = [
  { code: "FR", name: "France" },
  { code: "BE", name: "Belgique" },
  { code: "CH", name: "Suisse" },
  { code: "LU", name: "Luxembourg" },
  { code: "MC", name: "Monaco" },
  { code: "DE", name: "Allemagne" },
  { code: "AT", name: "Autriche" },
  { code: "ES", name: "Espagne" },
  { code: "IT", name: "Italie" },
  { code: "NL", name: "Pays-Bas" },
  { code: "PT", name: "Portugal" },
  { code: "IE", name: "Irlande" },
  { code: "DK", name: "Danemark" },
  { code: "SE", name: "Suède" },
  { code: "FI", name: "Finlande" },
  { code: "NO", name: "Norvège" },
  { code: "PL", name: "Pologne" },
  { code: "CZ", name: "Tchéquie" },
  { code: "GR", name: "Grèce" },
  { code: "GB", name: "Royaume-Uni" },
  { code: "US", name: "États-Unis" },
  { code: "CA", name: "Canada" },
  { code: "MA", name: "Maroc" },
  { code: "TN", name: "Tunisie" },
  { code: "SN", name: "Sénégal" },
  { code: "JP", name: "Japon" },
  { code: "AU", name: "Australie" },
];

export const DEFAULT_COUNTRY = "FR";
export const COUNTRY_CODES = new Set(COUNTRIES.map((c) => c.code));

export function countryName(code: string | null | undefined): string {
  return COUNTRIES.find((c) => c.code === code)?.name ?? code ?? "";
}

/** Postal code shapes per country (after upper-casing); countries not listed take a generic shape. */
const POSTAL_CODES: Record<string, { pattern: RegExp; example: string }> = {
  FR: { pattern: /^\d{5}$/, example: "75001" },
  MC: { pattern: /^980\d{2}$/, example: "98000" },
  DE: { pattern: /^\d{5}$/, example: "10115" },
  ES: { pattern: /^\d{5}$/, example: "28001" },
  IT: { pattern: /^\d{5}$/, example: "00118" },
  FI: { pattern: /^\d{5}$/, example: "00100" },
  GR: { pattern: /^\d{3} ?\d{2}$/, example: "105 57" },
  SE: { pattern: /^\d{3} ?\d{2}$/, example: "114 55" },
  CZ: { pattern: /^\d{3} ?\d{2}$/, example: "110 00" },
  MA: { pattern: /^\d{5}$/, example: "10000" },
  SN: { pattern: /^\d{5}$/, example: "10200" },
  BE: { pattern: /^\d{4}$/, example: "1000" },
  CH: { pattern: /^\d{4}$/, example: "1200" },
  AT: { pattern: /^\d{4}$/, example: "1010" },
  DK: { pattern: /^\d{4}$/, example: "1050" },
  NO: { pattern: /^\d{4}$/, example: "0150" },
  TN: { pattern: /^\d{4}$/, example: "1000" },
  AU: { pattern: /^\d{4}$/, example: "2000" },
  LU: { pattern: /^(L-)?\d{4}$/, example: "1111" },
  NL: { pattern: /^\d{4} ?[A-Z]{2}$/, example: "1011 AB" },
  PT: { pattern: /^\d{4}-\d{3}$/, example: "1000-001" },
  PL: { pattern: /^\d{2}-\d{3}$/, example: "00-001" },
  JP: { pattern: /^\d{3}-?\d{4}$/, example: "100-0001" },
  US: { pattern: /^\d{5}(-\d{4})?$/, example: "10001" },
  CA: { pattern: /^[A-Z]\d[A-Z] ?\d[A-Z]\d$/, example: "H2X 1Y4" },
  GB: { pattern: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/, example: "SW1A 1AA" },
  IE: { pattern: /^[A-Z]\d[\dW] ?[A-Z\d]{4}$/, example: "D02 X285" },
};
const GENERIC_POSTAL_CODE = /^[A-Z0-9][A-Z0-9 -]{1,9}$/;

/** Null when the postal code fits the country, else the French message to show beside the field. */
export function postalCodeError(postalCode: string, country: string): string | null {
  const value = postalCode.trim().toUpperCase();
  const rule = POSTAL_CODES[country];
  if (rule ? rule.pattern.test(value) : GENERIC_POSTAL_CODE.test(value)) return null;
  return rule ? `Code postal invalide pour ${countryName(country)} (exemple : ${rule.example}).` : "Code postal invalide.";
}
