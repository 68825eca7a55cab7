import type { members } from "@wix/members";
import { mapLoaderErrors } from "./wix-errors.server";
import type { AdminMemberRow } from "~/models/admin";
import { MEMBER_STATUS_OPTIONS } from "~/models/admin";
import { AdminRefusal } from "./admin-actions.server";
import { getConfig } from "./config.server";
import { isOwnerAccount, type ElevatedClient } from "./owner.server";
import { isoDate } from "~/lib/dates";
import { isPlatformId } from "~/models/ids";

/** The owner's members: search, filter by status, offset paging, per-member and by-filter actions. */

const MEMBERS_PAGE_SIZE = 20;

interface MemberFilters {
  status?: string;
  /** Start of the login e-mail. */
  q?: string;
}

export function readMemberFilters(params: URLSearchParams): MemberFilters {
  const status = params.get("status") ?? "";
  const q = (params.get("q") ?? "").trim().slice(0, 100);
  return { status: Object.hasOwn(MEMBER_STATUS_OPTIONS, status) ? status : undefined, q: q || undefined };
}

function filterOf(f: MemberFilters) {
  const parts: Record<string, unknown>[] = [];
  if (f.status) parts.push({ status: { $eq: f.status } });
  if (f.q) parts.push({ loginEmail: { $startsWith: f.q.toLowerCase() } });
  return parts.length === 0 ? {} : parts.length === 1 ? parts[0]! : { $and: parts };
}

function toRow(m: members.Member): AdminMemberRow {
  const name = [m.contact?.firstName, m.contact?.lastName].filter(Boolean).join(" ") || m.profile?.nickname || "";
  return {
    id: m._id ?? "",
    email: m.loginEmail ?? "",
    name,
    status: m.status ?? "UNKNOWN",
    statusLabel: (m.status && MEMBER_STATUS_OPTIONS[m.status]) ?? m.status ?? "",
    muted: m.activityStatus === "MUTED",
    createdDate: isoDate(m._createdDate),
    owner: isOwnerAccount(m),
  };
}

/** One page (0-based): the SDK's offset paging, current page = offset / limit. */
export async function searchMembers(admin: ElevatedClient, filters: MemberFilters, page: number) {
  return mapLoaderErrors(async () => {
    let query = admin.members.queryMembers({ fieldsets: ["FULL"] });
    const filter = filterOf(filters) as Record<string, { $eq?: string; $startsWith?: string }>;
    // The query builder, so the request is the SDK's own (filter, paging) shape.
    for (const part of "$and" in filter ? (filter.$and as unknown as (typeof filter)[]) : [filter])
      for (const [field, cond] of Object.entries(part)) {
        if (cond.$eq !== undefined) query = query.eq(field as "status", cond.$eq as never);
        if (cond.$startsWith !== undefined) query = query.startsWith(field as "loginEmail", cond.$startsWith);
      }
    const result = await query
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

export type BulkMemberAction = "approve" | "block" | "delete";

export async function bulkMemberAction(admin: ElevatedClient, filters: MemberFilters, action: BulkMemberAction) {
  // The owners are never part of a bulk action: "Bloquer tout" must not lock the back-office out.
  const base = filterOf(filters);
  const owners = { loginEmail: { $nin: getConfig().admin.ownerEmails } };
  const filter = Object.keys(base).length ? { $and: [...("$and" in base ? (base.$and as object[]) : [base]), owners] } : owners;
  if (action === "approve") return admin.members.bulkApproveMembers(filter);
  if (action === "block") return admin.members.bulkBlockMembers(filter);
  return admin.members.bulkDeleteMembersByFilter(filter);
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
