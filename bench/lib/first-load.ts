/*
 * First-load JavaScript of each page, from the production build: the scripts every page boots with
 * (build-manifest rootMainFiles) plus the page's own entry chunks, those of its layouts included
 * (entryJSFiles of its client-reference manifest). Each file counted once, gzipped at level 9 as
 * Next's own size report did. The legacy polyfills (nomodule, skipped by modern browsers) and chunks
 * loaded later on demand are not first-load JavaScript.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { runInNewContext } from "node:vm";
import { gzipSync } from "node:zlib";

export interface PageWeight {
  route: string;
  files: number;
  gzipBytes: number;
}

export interface FirstLoad {
  pages: PageWeight[];
  /** The scripts every page loads (the framework runtime). */
  sharedBytes: number;
}

interface ClientManifest {
  entryJSFiles?: Record<string, string[]>;
}

/** "/(panel)/catalog/[sku]/page" -> "/catalog/[sku]" */
function urlOf(key: string): string {
  const url = key
    .replace(/\/page$/, "")
    .split("/")
    .filter((segment) => !/^\(.*\)$/.test(segment))
    .join("/");
  return url === "" ? "/" : url;
}

export function firstLoadJs(root: string): FirstLoad {
  const next = path.join(root, ".next");
  const build = JSON.parse(readFileSync(path.join(next, "build-manifest.json"), "utf8")) as { rootMainFiles: string[] };
  const pages = JSON.parse(readFileSync(path.join(next, "server", "app-paths-manifest.json"), "utf8")) as Record<string, string>;
  const gzipCache = new Map<string, number>();
  const gzipSize = (file: string) => {
    let size = gzipCache.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(path.join(next, file)), { level: 9 }).byteLength;
      gzipCache.set(file, size);
    }
    return size;
  };

  const out: PageWeight[] = [];
  for (const [key, bundle] of Object.entries(pages)) {
    if (!key.endsWith("/page") || key.startsWith("/_")) continue;
    const manifestFile = path.join(next, "server", bundle.replace(/\.js$/, "_client-reference-manifest.js"));
    if (!existsSync(manifestFile)) continue;
    const sandbox: { globalThis: Record<string, unknown>; __RSC_MANIFEST?: Record<string, ClientManifest> } = { globalThis: {} };
    sandbox.globalThis = sandbox as unknown as Record<string, unknown>;
    runInNewContext(readFileSync(manifestFile, "utf8"), sandbox);
    const manifest = sandbox.__RSC_MANIFEST?.[key];
    const files = new Set(build.rootMainFiles);
    for (const chunks of Object.values(manifest?.entryJSFiles ?? {})) for (const chunk of chunks) files.add(chunk);
    const jsFiles = [...files].filter((file) => file.endsWith(".js"));
    out.push({ route: urlOf(key), files: jsFiles.length, gzipBytes: jsFiles.reduce((sum, file) => sum + gzipSize(file), 0) });
  }
  const sharedBytes = build.rootMainFiles.filter((file) => file.endsWith(".js")).reduce((sum, file) => sum + gzipSize(file), 0);
  return { pages: out.sort((a, b) => a.route.localeCompare(b.route)), sharedBytes };
}
