import type { members } from "@wix/members";
import { mapLoaderErrors } from "../wix/errors.server";
import type { AdminMemberRow, BulkMemberAction } from "~/models/admin";
import { MEMBER_STATUS_OPTIONS } from "~/models/admin";
import { AdminRefusal } from "./actions.server";
import type { ElevatedClient } from "./elevated-client.server";
import { isOwnerAccount } from "./identity.server";
import { isoDate } from "~/lib/dates";
import { isPlatformId } from "~/models/ids";

/** The owner's members: search anywhere in names and e-mail, filter by status, offset paging, per-member and bulk actions. */

export const MEMBERS_PAGE_SIZE = 20;
/** A bulk action names its members (ids): at most this many at once; "every member" goes by filter. */
export const BULK_MAX = 500;
const BULK_CHUNK = 100;

export interface MemberFilters {
  status?: string;
  /** Found anywhere in the login e-mail, first name, last name or nickname (Wix's queryMembers `search`). */
  q?: string;
}

export function readMemberFilters(params: URLSearchParams): MemberFilters {
  const status = params.get("status") ?? "";
  const q = (params.get("q") ?? "").trim().slice(0, 100);
  return { status: Object.hasOwn(MEMBER_STATUS_OPTIONS, status) ? status : undefined, q: q || undefined };
}

/** No filter at all: an action would reach every member (it then asks for a typed confirmation). */
export const isEveryone = (f: MemberFilters) => !f.status && !f.q;

function toRow(m: members.Member): AdminMemberRow {
  const name = [m.contact?.firstName, m.contact?.lastName].filter(Boolean).join(" ") || m.profile?.nickname || "";
  return {
    id: m._id ?? "",
    email: m.loginEmail ?? "",
    name,
    status: m.status ?? "UNKNOWN",
    statusLabel: MEMBER_STATUS_OPTIONS[m.status ?? ""] ?? m.status ?? "",
    muted: m.activityStatus === "MUTED",
    createdDate: isoDate(m._createdDate),
    owner: isOwnerAccount(m),
  };
}

/** The SDK's query builder (its own filter and paging shapes) with Wix's plain-text search on four fields. */
function membersQuery(admin: ElevatedClient, filters: MemberFilters) {
  let query = admin.members.queryMembers({
    fieldsets: ["FULL"],
    ...(filters.q
      ? { search: { expression: filters.q, fields: ["loginEmail", "contact.firstName", "contact.lastName", "profile.nickname"] } }
      : {}),
  });
  if (filters.status) query = query.eq("status", filters.status as never);
  return query;
}

/** One page (0-based): the SDK's offset paging, current page = offset / limit. */
export async function searchMembers(admin: ElevatedClient, filters: MemberFilters, page: number) {
  return mapLoaderErrors(async () => {
    const result = await membersQuery(admin, filters)
      .limit(MEMBERS_PAGE_SIZE)
      .skip(page * MEMBERS_PAGE_SIZE)
      .find();
    return {
      members: result.items.map(toRow),
      page: result.currentPage ?? page,
      totalPages: result.totalPages ?? 1,
      total: result.totalCount ?? result.items.length,
      hasNext: result.hasNext(),
    };
  });
}

export type MemberAction = "approve" | "block" | "unblock" | "mute" | "unmute" | "disconnect" | "delete";

/** The SDK call behind each action: unblocking is approving again. */
const MEMBER_CALLS = {
  approve: "approveMember",
  unblock: "approveMember",
  block: "blockMember",
  mute: "muteMember",
  unmute: "unmuteMember",
  disconnect: "disconnectMember",
  delete: "deleteMember",
} as const satisfies Record<MemberAction, string>;

export async function memberAction(admin: ElevatedClient, id: string, action: MemberAction) {
  // Checked before the SDK writes it into a request path (app/models/ids.ts).
  if (!isPlatformId(id)) throw new AdminRefusal("Membre introuvable.");
  const m = admin.members;
  if (action === "block" || action === "delete" || action === "disconnect") {
    const target = await m.getMember(id, { fieldsets: ["EXTENDED"] });
    // Only the owner's own proved account is protected: a look-alike of its address can be blocked and deleted.
    if (isOwnerAccount(target))
      throw new AdminRefusal("Le compte d'un propriétaire du site ne peut pas être bloqué, déconnecté ni supprimé ici.");
  }
  return m[MEMBER_CALLS[action]](id);
}

/** Who a bulk action would reach: the members the filters show, owners never included (the back-office stays open). */
export async function bulkTargets(admin: ElevatedClient, filters: MemberFilters): Promise<{ members: AdminMemberRow[]; total: number }> {
  return mapLoaderErrors(async () => {
    const members: AdminMemberRow[] = [];
    let total = 0;
    for (let page = 0; ; page++) {
      const result = await membersQuery(admin, filters)
        .limit(100)
        .skip(page * 100)
        .find();
      total = result.totalCount ?? total;
      for (const m of result.items.map(toRow)) if (!m.owner) members.push(m);
      if (!result.hasNext() || members.length > BULK_MAX) break;
    }
    return { members, total: members.length };
  });
}

/**
 * Runs a bulk action on exactly the members counted when the owner confirmed (ids, in chunks of 100): approve and
 * block by an id filter (bulkApproveMembers, bulkBlockMembers), delete by ids (bulkDeleteMembers). Returns how many.
 */
export async function bulkMemberAction(
  admin: ElevatedClient,
  ids: string[],
  action: BulkMemberAction,
): Promise<{ done: number; failed: number }> {
  let done = 0;
  let failed = 0;
  for (let i = 0; i < ids.length; i += BULK_CHUNK) {
    const chunk = ids.slice(i, i + BULK_CHUNK);
    if (action === "delete") {
      const res = await admin.members.bulkDeleteMembers(chunk);
      done += res.bulkActionMetadata?.totalSuccesses ?? 0;
      failed += (res.bulkActionMetadata?.totalFailures ?? 0) + (res.bulkActionMetadata?.undetailedFailures ?? 0);
    } else {
      const filter = { _id: { $in: chunk } };
      if (action === "approve") await admin.members.bulkApproveMembers(filter);
      else await admin.members.bulkBlockMembers(filter);
      done += chunk.length;
    }
  }
  return { done, failed };
}

export async function membersAwaitingApproval(admin: ElevatedClient): Promise<AdminMemberRow[]> {
  return mapLoaderErrors(async () => {
    const result = await admin.members
      .queryMembers({ fieldsets: ["FULL"] })
      .eq("status", "PENDING")
      .limit(10)
      .find();
    return result.items.map(toRow);
  });
}
