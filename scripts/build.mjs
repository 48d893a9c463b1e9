// `npm run build`: the panel (next build into .next) and the server, worker and command line compiled to
// plain JavaScript (into dist), so that production runs with node alone. Plain JavaScript itself, since
// it runs before anything is compiled.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/** What the two builds are made from: a change to any of it makes them stale. */
const SOURCES = ["app", "components", "lib", "public", "next.config.ts", "proxy.ts", "postcss.config.mjs", "package.json", "tsconfig.json"];
/** The compiled entries, under dist as under the sources (dist/lib/server/main.js). */
export const ENTRIES = ["lib/server/main.ts", "lib/server/worker-main.ts", "lib/cli/main.ts"];
const STAMP = path.join("dist", "built-at");

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function olderThanSources(root, builtFile) {
  const built = path.join(root, builtFile);
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return SOURCES.some((source) => newestMtime(path.join(root, source)) > builtAt);
}

/** Which of the two builds is missing or older than a source file. */
export function staleParts(root) {
  return { panel: olderThanSources(root, path.join(".next", "BUILD_ID")), server: olderThanSources(root, STAMP) };
}

/** True when either build is missing, or a source file changed after it was made. */
export function buildIsStale(root) {
  const stale = staleParts(root);
  return stale.panel || stale.server;
}

/** The route files the server's own dispatch loads (lib/server/api-routes.ts), compiled beside the entries. */
function routeFiles(root, dir = "app/api") {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(root, relative);
    return entry.name === "route.ts" ? [relative] : [];
  });
}

/**
 * Node's own resolver, unlike a bundler, adds no extension to a package's subpath when the package
 * does not map its subpaths (next/server is next/server.js): such an import is written out whole.
 */
function nodeResolvablePackages(root) {
  const require = createRequire(path.join(root, "package.json"));
  const packageDir = (name) => path.join(root, "node_modules", name);
  const exportsMap = new Map();
  const hasExports = (name) => {
    if (!exportsMap.has(name)) {
      const manifest = JSON.parse(readFileSync(path.join(packageDir(name), "package.json"), "utf8"));
      exportsMap.set(name, manifest.exports !== undefined);
    }
    return exportsMap.get(name);
  };
  return {
    name: "node-resolvable-packages",
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith("@/") || args.path.startsWith("node:")) return undefined;
        const parts = args.path.split("/");
        const name = parts[0].startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
        const subpath = args.path.slice(name.length);
        if (!subpath || path.extname(subpath) || hasExports(name)) return { path: args.path, external: true };
        const file = path
          .relative(realpathSync(packageDir(name)), require.resolve(args.path))
          .split(path.sep)
          .join("/");
        return { path: `${name}/${file}`, external: true };
      });
    },
  };
}

/** Bundles the project's own code (the `@/` imports) of the entries and routes; packages stay in node_modules. */
export async function compileServer(root) {
  rmSync(path.join(root, "dist"), { recursive: true, force: true });
  await compile(root, [...ENTRIES, ...routeFiles(root)], "dist");
  writeFileSync(path.join(root, STAMP), `${new Date().toISOString()}\n`);
}

/**
 * The command line alone, compiled as for dist into `outdir` (inside the checkout, where its packages
 * resolve): what the command-line tests run, since a command compiled once starts several times faster
 * than the sources through tsx.
 */
export async function compileCommandLine(root, outdir) {
  await compile(root, ["lib/cli/main.ts"], outdir);
  return path.join(root, outdir, "lib/cli/main.js");
}

/**
 * Other entries compiled as the server is (the benchmark's own servers, bench/lib/harness.ts), so that
 * they run as production code runs: tsx names every function it compiles (esbuild's keepNames), which
 * costs a function made per request a few microseconds.
 */
export async function compileEntries(root, entryPoints, outdir) {
  await compile(root, entryPoints, outdir);
}

async function compile(root, entryPoints, outdir) {
  const esbuild = await import("esbuild");
  await esbuild.build({
    absWorkingDir: root,
    entryPoints,
    outdir,
    outbase: ".",
    bundle: true,
    // One copy of each module for the entries and the routes they load: the database, the
    // configuration and the job handlers are shared, as they are when tsx runs the sources.
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node22",
    sourcemap: "linked",
    tsconfig: "tsconfig.json",
    logLevel: "warning",
    plugins: [nodeResolvablePackages(root)],
  });
}

function nextBuild(root) {
  const nextBin = createRequire(path.join(root, "package.json")).resolve("next/dist/bin/next");
  const result = spawnSync(process.execPath, [nextBin, "build"], { cwd: root, stdio: "inherit", env: { NEXT_TELEMETRY_DISABLED: "1", ...process.env } });
  if (result.status !== 0) throw new Error("next build failed");
}

/** Both builds, or with `onlyStale` those that are missing or older than the sources. */
export async function build(root, { onlyStale = false } = {}) {
  const stale = onlyStale ? staleParts(root) : { panel: true, server: true };
  if (stale.panel) nextBuild(root);
  if (stale.server) {
    const started = performance.now();
    await compileServer(root);
    console.log(`[build] server, worker and command line compiled into dist in ${Math.round(performance.now() - started)} ms`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  build(root, { onlyStale: process.argv.includes("--stale-only") }).catch((error) => {
    console.error(`[build] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
