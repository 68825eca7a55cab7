import type { CustomerView } from "~/models/admin";
import { MEMBER_STATUS_OPTIONS } from "~/models/admin";
import { listContactRequests } from "./contact.server";
import { toRow } from "./orders.server";
import type { ElevatedClient } from "./elevated-client.server";
import { mapLoaderErrors } from "../wix/errors.server";
import { notFound } from "~/lib/http";
import { isoDate } from "~/lib/dates";

/**
 * One customer, found by e-mail, member or guest: their orders (orders.searchOrders on buyerInfo.email, which Wix
 * filters case-insensitively), their account (members.queryMembers on loginEmail) and their contact requests
 * (the site's form submissions).
 */

const EMAIL_RE = /^[^\s@]{1,64}@[^\s@]{1,190}$/;

export async function customerView(admin: ElevatedClient, rawEmail: string): Promise<CustomerView> {
  const email = rawEmail.trim().toLowerCase();
  if (!EMAIL_RE.test(email)) notFound();
  return mapLoaderErrors(async () => {
    const [found, members, requests] = await Promise.all([
      admin.orders.searchOrders({
        filter: { "buyerInfo.email": { $eq: email } },
        sort: [{ fieldName: "_createdDate", order: "DESC" }],
        cursorPaging: { limit: 100 },
      } as Parameters<ElevatedClient["orders"]["searchOrders"]>[0]),
      admin.members
        .queryMembers({ fieldsets: ["FULL"] })
        .eq("loginEmail", email)
        .limit(1)
        .find(),
      listContactRequests(admin, { includeArchived: true }),
    ]);
    const orders = found.orders ?? [];
    const member = members.items.at(0);
    const mine = requests.filter((r) => r.email.trim().toLowerCase() === email);
    if (!orders.length && !member && !mine.length) notFound();
    // The order's billing contact or the member's contact: the two SDK types share these two fields.
    const contact: { firstName?: string | null; lastName?: string | null } =
      orders[0]?.billingInfo?.contactDetails ?? member?.contact ?? {};
    const name = [contact.firstName, contact.lastName].filter(Boolean).join(" ") || mine[0]?.name || "";
    return {
      email,
      name,
      ...(member
        ? {
            member: {
              id: member._id ?? "",
              statusLabel: MEMBER_STATUS_OPTIONS[member.status ?? ""] ?? member.status ?? "",
              createdDate: isoDate(member._createdDate),
            },
          }
        : {}),
      orders: orders.map((o) => toRow(o)),
      requests: mine.map((r) => ({ id: r.id, createdDate: r.createdDate, subject: r.subject, status: r.statusLabel })),
    };
  });
}
