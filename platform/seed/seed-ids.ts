// The ids the demo seed's products and collections get. Wix's product, collection and category ids are GUIDs, so
// the seed's readable names (`prod-livre-typescript`, `col-livres`) become stable GUIDs derived from them; an id
// already a GUID is kept. Tests that name a seeded product or collection by its seed name go through seedId.
import { stableId } from "../stores/catalog-store";

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function seedId(name: string): string {
  return GUID.test(name) ? name : stableId("seed", name);
}
