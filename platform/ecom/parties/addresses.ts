// ecom addresses and contacts: from the wire (hostile input) and back.
import { asObject, asString, refuseUnsafeText } from "../../core/http";

/** Normalises an ecom address from the wire (addressLine/…; SDK already renamed addressLine1). */
export function addressFromWire(raw: unknown): Record<string, unknown> | null {
  const a = asObject(raw);
  if (!a) return null;
  const out: Record<string, unknown> = {};
  for (const k of [
    "addressLine",
    "addressLine2",
    "city",
    "postalCode",
    "country",
    "subdivision",
    "countryFullname",
    "subdivisionFullname",
  ]) {
    const v = asString(a[k]);
    if (v !== undefined) refuseUnsafeText(v, `address.${k}`);
    if (v !== undefined && v !== "") out[k] = v.slice(0, 500);
  }
  if (!out.addressLine && asString(a.addressLine1)) out.addressLine = asString(a.addressLine1);
  const street = asObject(a.streetAddress);
  for (const v of [asString(a.addressLine1), asString(street?.name), asString(street?.number)])
    if (v) refuseUnsafeText(v, "address.streetAddress");
  if (street && (asString(street.name) || asString(street.number)))
    out.streetAddress = { number: asString(street.number) ?? "", name: asString(street.name) ?? "" };
  return Object.keys(out).length ? out : null;
}

export function addressToWire(a: Record<string, unknown> | null | undefined) {
  if (!a) return undefined;
  const line =
    (a.addressLine as string | undefined) ??
    (a.streetAddress
      ? `${(a.streetAddress as { number: string }).number} ${(a.streetAddress as { name: string }).name}`.trim()
      : undefined);
  const formatted = [line, a.addressLine2, [a.postalCode, a.city].filter(Boolean).join(" "), a.country].filter(Boolean).join(", ");
  const fullname = typeof a.country === "string" && !a.countryFullname ? countryName(a.country) : undefined;
  return { ...a, ...(line ? { addressLine: line } : {}), ...(fullname ? { countryFullname: fullname } : {}), formattedAddress: formatted };
}

let countryNames: Intl.DisplayNames | undefined;
/** Country name from an ISO code, in English as Wix answers it ("FR" → "France"); undefined for an unknown code. */
export function countryName(code: string): string | undefined {
  if (!/^[A-Z]{2}$/.test(code)) return undefined;
  countryNames ??= new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });
  try {
    return countryNames.of(code) ?? undefined;
  } catch {
    return undefined;
  }
}

export function contactFromWire(raw: unknown): Record<string, unknown> | null {
  const c = asObject(raw);
  if (!c) return null;
  const out: Record<string, unknown> = {};
  for (const k of ["firstName", "lastName", "phone", "company"]) {
    const v = asString(c[k]);
    if (v) refuseUnsafeText(v, `contactDetails.${k}`);
    if (v) out[k] = v.slice(0, 200);
  }
  // Wix's VatId: {id, type} (type UNSPECIFIED outside Brazil's CPF/CNPJ).
  const vat = asObject(c.vatId);
  const vatNumber = asString(vat?.id);
  if (vatNumber) {
    refuseUnsafeText(vatNumber, "contactDetails.vatId.id");
    const type = asString(vat?.type);
    out.vatId = { id: vatNumber.slice(0, 40), type: type === "CPF" || type === "CNPJ" ? type : "UNSPECIFIED" };
  }
  return Object.keys(out).length ? out : null;
}
