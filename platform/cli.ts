// Command line of the embedded platform: `node --import tsx platform/cli.ts reset`.
import { createPlatform } from "./index";

const [command] = process.argv.slice(2);
const dbPath = process.env.PLATFORM_DB || ".data/platform.sqlite";

if (command === "reset") {
  const platform = createPlatform({ dbPath, seed: true });
  platform.reset();
  platform.close();
  console.log(`Embedded platform reset and re-seeded: ${dbPath}`);
} else {
  console.error("Usage: node --import tsx platform/cli.ts reset   (PLATFORM_DB, default .data/platform.sqlite)");
  process.exit(command ? 1 : 0);
}
