// Grows the embedded platform's catalog (an already seeded database file) to `total` products for the scale bench:
// copies of the seeded products with their own id, slug, name, numeric id, variants and collections, so the
// platform and the app see an ordinary bigger catalog. Never used on a real database.
import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import { join } from "node:path";

export function growCatalog(root, dbFile, total) {
  const Database = createRequire(join(root, "package.json"))("better-sqlite3");
  const db = new Database(dbFile);
  try {
    const seeded = db.prepare("SELECT * FROM products ORDER BY numeric_id").all();
    const have = seeded.length;
    if (total <= have) return have;
    const variants = db.prepare("SELECT * FROM variants WHERE product_id = ?");
    const collections = db.prepare("SELECT collection_id FROM product_collections WHERE product_id = ?");
    const cols = Object.keys(seeded[0]);
    const insert = db.prepare(`INSERT INTO products (${cols.join(", ")}) VALUES (${cols.map((c) => "@" + c).join(", ")})`);
    const vcols = db.prepare("SELECT * FROM variants LIMIT 1").get();
    const insertVariant = vcols
      ? db.prepare(
          `INSERT INTO variants (${Object.keys(vcols).join(", ")}) VALUES (${Object.keys(vcols)
            .map((c) => "@" + c)
            .join(", ")})`,
        )
      : null;
    const insertCollection = db.prepare("INSERT INTO product_collections (product_id, collection_id) VALUES (?, ?)");
    let numeric = db.prepare("SELECT MAX(numeric_id) AS n FROM products").get().n;
    db.transaction(() => {
      for (let i = have; i < total; i++) {
        const src = seeded[i % have];
        const copy = i - have + 1;
        const id = randomUUID();
        insert.run({
          ...src,
          id,
          slug: `${src.slug}-${copy}`,
          name: `${src.name} ${copy}`,
          sku: src.sku ? `${src.sku}-${copy}` : "",
          numeric_id: ++numeric,
        });
        for (const v of variants.all(src.id))
          insertVariant.run({ ...v, id: randomUUID(), product_id: id, sku: v.sku ? `${v.sku}-${copy}` : "" });
        for (const c of collections.all(src.id)) insertCollection.run(id, c.collection_id);
      }
      db.prepare(
        "INSERT INTO meta (key, value) VALUES ('catalog_rev', '1') ON CONFLICT(key) DO UPDATE SET value = CAST(CAST(value AS INTEGER) + 1 AS TEXT)",
      ).run();
    })();
    return total;
  } finally {
    db.close();
  }
}

/** Slugs of a few products and of the collection with the most products, for the pages the scale bench loads. */
export function catalogFacts(root, dbFile) {
  const Database = createRequire(join(root, "package.json"))("better-sqlite3");
  const db = new Database(dbFile, { readonly: true });
  try {
    const collection = db
      .prepare(
        "SELECT c.slug, COUNT(*) AS n FROM collections c JOIN product_collections pc ON pc.collection_id = c.id WHERE c.visible = 1 GROUP BY c.id ORDER BY n DESC LIMIT 1",
      )
      .get();
    const products = db.prepare("SELECT COUNT(*) AS n FROM products WHERE visible = 1").get().n;
    return { collection: collection?.slug, products };
  } finally {
    db.close();
  }
}
