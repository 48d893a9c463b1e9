// `npm start`, `npm run worker` and `npm run cli`: the compiled server, worker or command line
// (scripts/build.mjs), run by node alone. In production (DATABASE_URL set) a missing or stale build
// stops the start: instances must run what was built and tested, not build at start. The embedded
// default builds what is stale, so that `npm start` works on a fresh clone.
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build, staleParts } from "./build.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const ENTRY = { server: "dist/lib/server/main.js", worker: "dist/lib/server/worker-main.js", cli: "dist/lib/cli/main.js" };
const COMMAND = { server: "npm start", worker: "npm run worker", cli: "npm run cli" };

const [what] = process.argv.splice(2, 1);
if (!(what in ENTRY)) {
  console.error(`usage: node scripts/start.mjs ${Object.keys(ENTRY).join("|")} [arguments]`);
  process.exit(2);
}

const stale = staleParts(root);
// The command line needs no panel; the server and the worker run beside it.
const isStale = what === "cli" ? stale.server : stale.panel || stale.server;
// A worker runs only beside Postgres, so it never builds.
if (isStale && (process.env.DATABASE_URL || what === "worker")) {
  const parts = [stale.panel && "the panel in .next", stale.server && "the server in dist"].filter(Boolean).join(" and ");
  console.error(`Refusing to start: the build (${parts}) is missing or older than the source. Run \`npm run build\`, then \`${COMMAND[what]}\` again.`);
  process.exit(1);
}

if (isStale && what === "cli") {
  // A build takes minutes; a command in development runs from the sources instead (tsx, a dependency
  // of `npm run dev`), as it does on a fresh clone before any build.
  const { register } = await import("tsx/esm/api");
  register();
  await import(pathToFileURL(path.join(root, "lib/cli/main.ts")).href);
} else {
  if (isStale) {
    console.log("[server] building (first start, or the sources changed) ...");
    try {
      await build(root, { onlyStale: true });
    } catch (error) {
      console.error(`[server] ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    }
  }
  await import(pathToFileURL(path.join(root, ENTRY[what])).href);
}
