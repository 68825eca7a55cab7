import type { HistoryEntry } from "~/models/shop-admin";
import { sharedRedis } from "../http/shared-state.server";

/**
 * The last changes the owner made to a product (price, visibility, ribbon, stock), newest first. Wix keeps no such
 * history to read back, so the back-office keeps its own: in Redis with REDIS_URL (every replica sees it, and it
 * survives a restart), else in this process's memory. An order's stock moves are not in it (the orders show them).
 */

const KEEP = 20;
const MAX_PRODUCTS = 2000;
const memory = new Map<string, HistoryEntry[]>();
const key = (productId: string) => `shop-history:${productId}`;

export async function recordChange(productId: string, text: string): Promise<void> {
  const entry: HistoryEntry = { date: new Date().toISOString(), text: text.slice(0, 300) };
  const redis = sharedRedis();
  if (redis) {
    const client = await redis;
    await client.lPush(key(productId), JSON.stringify(entry));
    await client.lTrim(key(productId), 0, KEEP - 1);
    return;
  }
  if (!memory.has(productId) && memory.size >= MAX_PRODUCTS) memory.delete(memory.keys().next().value!);
  memory.set(productId, [entry, ...(memory.get(productId) ?? [])].slice(0, KEEP));
}

export async function productHistory(productId: string): Promise<HistoryEntry[]> {
  const redis = sharedRedis();
  if (!redis) return memory.get(productId) ?? [];
  const raw = await (await redis).lRange(key(productId), 0, KEEP - 1);
  return raw.flatMap((r) => {
    try {
      const e = JSON.parse(r) as HistoryEntry;
      return typeof e.date === "string" && typeof e.text === "string" ? [e] : [];
    } catch {
      return [];
    }
  });
}
