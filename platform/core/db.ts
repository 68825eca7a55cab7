// SQLite storage of the embedded platform (better-sqlite3: synchronous, so each mutation is one
// db.transaction and concurrent requests cannot interleave inside it).
import Database from "better-sqlite3";
import { accessSync, constants, existsSync, mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { migrate, TABLES } from "./schema";

export type DB = Database.Database;

/**
 * The database file cannot be used: thrown at start with the file and the problem named, so the server can
 * print one line and exit instead of a stack trace. `name` is checked by server.js and platform/serve.ts.
 */
export class PlatformDbError extends Error {
  constructor(
    readonly file: string,
    readonly problem: string,
  ) {
    super(`PLATFORM_DB ${file}: ${problem}`);
    this.name = "PlatformDbError";
  }
}

function describeSqliteError(error: unknown): string {
  const code = (error as { code?: unknown })?.code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === "SQLITE_NOTADB")
    return "is not a SQLite database (corrupt, truncated or another kind of file); restore it from a backup or delete it to start from the demo data";
  if (typeof code === "string" && code.startsWith("SQLITE_CORRUPT"))
    return `is corrupt (${message}); restore it from a backup or delete it to start from the demo data`;
  if (typeof code === "string" && code.startsWith("SQLITE_READONLY")) return "is read-only: the server must be able to write to it";
  if (code === "SQLITE_CANTOPEN") return "cannot be opened (missing folder or no permission)";
  if (code === "SQLITE_FULL") return "cannot be written: the disk is full";
  return `cannot be used (${typeof code === "string" ? `${code}: ` : ""}${message})`;
}

/** A file path, not ":memory:" nor a "file:" URI. */
function isPlainFile(path: string): boolean {
  return path !== ":memory:" && !path.startsWith("file:");
}

/** Refuses, with the reason, a database the server could open but never write (SQLite would fail later, mid-request). */
function checkWritable(path: string) {
  const file = resolve(path);
  const folder = dirname(file);
  try {
    mkdirSync(folder, { recursive: true });
  } catch (error) {
    throw new PlatformDbError(file, `its folder ${folder} cannot be created (${(error as NodeJS.ErrnoException).code ?? error})`);
  }
  if (existsSync(file)) {
    try {
      accessSync(file, constants.R_OK | constants.W_OK);
    } catch {
      throw new PlatformDbError(file, "is read-only for this user: the server must be able to write to it");
    }
  }
  try {
    accessSync(folder, constants.W_OK);
  } catch {
    throw new PlatformDbError(file, `its folder ${folder} is read-only: SQLite writes its -wal and -shm files beside the database`);
  }
}

/** Opens (creating when missing) and migrates the database; a file that cannot be used throws a PlatformDbError. */
export function openDatabase(path: string): DB {
  if (!isPlainFile(path)) return openUnchecked(path);
  checkWritable(path);
  let db: DB | undefined;
  try {
    db = openUnchecked(path);
    // A write now, so a file SQLite opened read-only (or a full disk) fails here rather than in a customer's request.
    db.prepare("INSERT INTO meta (key, value) VALUES ('opened_at', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value").run(nowIso());
    return db;
  } catch (error) {
    try {
      db?.close();
    } catch {
      // already unusable
    }
    throw new PlatformDbError(resolve(path), describeSqliteError(error));
  }
}

/**
 * Readiness: SQLite's quick_check (every page of every table and index is readable and well formed; linear in
 * the database size, a few milliseconds for the demo data). Null when healthy, otherwise a short reason.
 */
export function checkDatabase(db: DB): string | null {
  try {
    const rows = db.pragma("quick_check(1)") as Array<{ quick_check: string }>;
    return rows.length === 1 && rows[0]!.quick_check === "ok" ? null : `quick_check: ${rows.map((r) => r.quick_check).join("; ")}`;
  } catch (error) {
    return describeSqliteError(error);
  }
}

/**
 * Every SQL text is compiled once per connection: the platform's helpers call `db.prepare(sql)` inline, and
 * compiling was 4–9 % of a cart page's CPU (bench/FINDINGS.md, item 8). A better-sqlite3 statement can run any
 * number of times; none of the platform's statements is iterated or bound for good, so sharing one is safe.
 * Bounded: SQL built with a variable number of placeholders would otherwise grow the map without end.
 */
function reusePreparedStatements(db: DB): DB {
  const prepare = db.prepare.bind(db);
  const statements = new Map<string, Database.Statement>();
  db.prepare = ((sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      if (statements.size >= 500) statements.clear();
      statement = prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  }) as DB["prepare"];
  return db;
}

function openUnchecked(path: string): DB {
  const db = reusePreparedStatements(new Database(path));
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.pragma("foreign_keys = ON");
  db.pragma("busy_timeout = 5000");
  migrate(db);
  return db;
}

export function isSeeded(db: DB): boolean {
  return !!db.prepare("SELECT 1 FROM meta WHERE key = 'seeded'").get();
}

export function wipe(db: DB): void {
  db.transaction(() => {
    for (const t of TABLES) db.prepare(`DELETE FROM ${t}`).run();
    db.prepare("DELETE FROM meta WHERE key <> 'schema_version'").run();
  })();
}

export function getSetting(db: DB, key: string): string | undefined {
  return (db.prepare("SELECT value FROM settings WHERE key = ?").get(key) as { value: string } | undefined)?.value;
}

export function setSetting(db: DB, key: string, value: string): void {
  db.prepare("INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value").run(key, value);
}

export function nowIso(): string {
  return new Date().toISOString();
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
