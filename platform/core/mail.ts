// Outgoing e-mail of the platform (verification codes, password-reset links, order confirmations and notices). No mail server exists here, so the
// default transport is a local outbox: a SQLite table shown at /_platform/outbox plus a JSON-lines file.
import { appendFileSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import type { DB } from "./db";

export interface MailLink {
  label: string;
  url: string;
}

export interface MailMessage {
  id: string;
  createdAt: string; // ISO date
  kind:
    | "verification-code"
    | "verification-locked"
    | "signup-existing"
    | "password-reset"
    | "member-approved"
    | "order-confirmation"
    | "order-notice"
    | "order-confirm-request"
    | "order-canceled"
    | "order-refund"
    | "order-shipped"
    | "order-pickup-ready"
    | "form-submission"
    | "form-acknowledgement"
    /** A site automation's e-mail (data/automations.ts): an item added to the SiteEmails collection. */
    | "site-automation";
  to: string;
  subject: string;
  /** Plain-text body (French). */
  text: string;
  links: MailLink[];
  /** Machine-readable extras for tests and tools: `code` for verification codes, `url` for reset links. */
  data: Record<string, string>;
}

/** What the platform calls to deliver a message; plug a real mail server by passing one in PlatformOptions.mailTransport. */
export interface MailTransport {
  send(message: MailMessage): void | Promise<void>;
}

interface OutboxRow {
  id: string;
  created_at: string;
  kind: MailMessage["kind"];
  to_email: string;
  subject: string;
  text: string;
  links: string;
  data: string;
}

/** The default transport: stores every message in SQLite and appends it as one JSON line to `file` (if any). */
export function createOutboxTransport(db: DB, file?: string): MailTransport {
  return {
    send(message) {
      db.prepare("INSERT INTO outbox (id, created_at, kind, to_email, subject, text, links, data) VALUES (?, ?, ?, ?, ?, ?, ?, ?)").run(
        message.id,
        message.createdAt,
        message.kind,
        message.to,
        message.subject,
        message.text,
        JSON.stringify(message.links),
        JSON.stringify(message.data),
      );
      if (file) {
        try {
          mkdirSync(dirname(file), { recursive: true });
          appendFileSync(file, JSON.stringify(message) + "\n");
        } catch (err) {
          // The SQLite copy is authoritative; a read-only folder must not break sign-up.
          console.warn(`[platform] could not append to the outbox file ${file}:`, err);
        }
      }
    },
  };
}

/** Messages in the SQLite outbox, newest first. */
export function readOutbox(db: DB, limit = 200): MailMessage[] {
  const rows = db.prepare("SELECT * FROM outbox ORDER BY seq DESC LIMIT ?").all(limit) as OutboxRow[];
  return rows.map((r) => ({
    id: r.id,
    createdAt: r.created_at,
    kind: r.kind,
    to: r.to_email,
    subject: r.subject,
    text: r.text,
    links: JSON.parse(r.links) as MailLink[],
    data: JSON.parse(r.data) as Record<string, string>,
  }));
}

/** Default outbox file: next to the database; none for in-memory databases. */
export function defaultOutboxFile(dbPath: string): string | undefined {
  if (dbPath === ":memory:" || dbPath.startsWith("file:") || dbPath === "") return undefined;
  return `${dirname(dbPath)}/outbox.jsonl`;
}

/** Hands a message to the transport without letting a failing mail server break the request that sent it. */
export function deliver(transport: MailTransport, message: MailMessage): void {
  try {
    const r = transport.send(message);
    if (r && typeof (r as Promise<void>).catch === "function")
      (r as Promise<void>).catch((err: unknown) => console.error("[platform] mail transport failed", err));
  } catch (err) {
    console.error("[platform] mail transport failed", err);
  }
}

/**
 * Sends an e-mail prepared inside a transaction, once that transaction has committed: a mail problem is logged and
 * never undoes the order change it tells about (`what` names it in the log: "refund", "fulfilment").
 */
export function sendAfterCommit(mail: (() => void) | undefined, what: string): void {
  try {
    mail?.();
  } catch (error) {
    console.error(`[platform] ${what} e-mail failed`, error);
  }
}
