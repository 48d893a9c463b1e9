/*
 * npm run bench -- --pages: every panel page in Lighthouse, signed in, on the production build.
 *
 * The app is started as the bench starts it, on a fresh embedded database with the demo data (the
 * demo reseller, the demo admin, the catalog with stock). An order and a top-up invoice are made
 * through the API with the demo key, so /orders/[id] and /topup/[paymentId] open a real one; every
 * dynamic page takes the first link to it that the panel's pages show. Each page is audited
 * mobile (Lighthouse's default throttling) and desktop, RUNS times each, as the demo reseller or,
 * under /admin, as the demo admin; the table shows each figure's median.
 *
 *   --page /webhooks        only this page (may be repeated)
 *   --runs 5                runs per page and form factor (3 by default; --quick: 1)
 *   BENCH_PAGES_PORT=3401   the app's port (a free one by default)
 */
import { log, onCleanup, OUT, ROOT, startApp } from "../lib/harness";
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { DEMO } from "@/lib/seed/demo-seed";
import { build, buildIsStale } from "@/scripts/build.mjs";
import { firstLoadJs } from "../lib/first-load";
import { ORDER_SKU } from "../lib/fixtures";
import { audit, launchChromium } from "./lighthouse";
import {
  aboveFloor,
  concreteUrl,
  handlerPaths,
  isDynamic,
  linksIn,
  medianRun,
  panelFiles,
  panelRoutes,
  renderPageAudit,
  type AuditedPage,
  type FormFactor,
  type LighthouseRun,
  type Role,
} from "./page-audit";

export interface PagesOptions {
  quick: boolean;
  only: string[];
  runs?: number;
}

/** The session cookie of a sign-in through next-auth's credentials endpoint, as the login form signs in. */
async function signIn(base: string, email: string, password: string): Promise<string> {
  const csrf = await fetch(`${base}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const jar = csrf.headers.getSetCookie().map((cookie) => cookie.split(";")[0]);
  const answer = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: jar.join("; "), Origin: base },
    body: new URLSearchParams({ csrfToken, email, password, json: "true", callbackUrl: `${base}/` }),
  });
  const session = answer.headers.getSetCookie().find((cookie) => cookie.startsWith("next-auth.session-token"));
  if (!session) throw new Error(`signing in ${email} set no session cookie (${answer.status})`);
  return session.split(";")[0];
}

/** An order and a top-up invoice of the demo reseller's, for the pages that show one. */
async function makeOrderAndInvoice(base: string): Promise<void> {
  const headers = { "X-API-Key": DEMO.apiKey, "Content-Type": "application/json" };
  const order = await fetch(`${base}/api/v2/order`, { method: "POST", headers, body: JSON.stringify({ sku: ORDER_SKU, quantity: 1 }) });
  if (order.status !== 201) throw new Error(`the demo order answered ${order.status}: ${await order.text()}`);
  const invoice = await fetch(`${base}/api/v2/payments`, { method: "POST", headers, body: JSON.stringify({ amount: "100" }) });
  if (invoice.status !== 201) throw new Error(`the demo invoice answered ${invoice.status}: ${await invoice.text()}`);
}

/**
 * A URL for every route: static ones as they are, dynamic ones from the links of the pages already
 * found, page after page, so "/admin/suppliers/[id]/import" is found on the supplier's own page.
 */
async function resolveUrls(base: string, files: string[], cookies: Record<Role, string>): Promise<Map<string, string>> {
  const routes = panelRoutes(files);
  const urls = new Map<string, string>();
  const statics = new Set([...routes.filter((r) => !isDynamic(r.route)).map((r) => r.route), ...handlerPaths(files)]);
  const links: string[] = [];
  const read = async (url: string, role: Role) => links.push(...linksIn(await (await fetch(`${base}${url}`, { headers: { Cookie: cookies[role] } })).text()));
  for (const { route, role } of routes) {
    if (isDynamic(route)) continue;
    urls.set(route, route);
    await read(route, role);
  }
  for (let found = true; found;) {
    found = false;
    for (const { route, role } of routes) {
      if (urls.has(route)) continue;
      const url = concreteUrl(route, links, statics);
      if (!url) continue;
      urls.set(route, url);
      found = true;
      await read(url, role);
    }
  }
  return urls;
}

function chromiumVersion(): string {
  try {
    return execFileSync(process.env.CHROME_PATH ?? "/usr/bin/chromium", ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return "Chromium (version unknown)";
  }
}

export async function mainPages(options: PagesOptions): Promise<{ markdown: string; pages: AuditedPage[] }> {
  const runs = options.runs ?? (options.quick ? 1 : 3);
  const loadBefore = os.loadavg()[0];
  const startedAt = Date.now();
  if (buildIsStale(ROOT)) {
    log("building the app (npm run build) ...");
    await build(ROOT, { onlyStale: true });
  }
  const firstLoad = firstLoadJs(ROOT);
  const jsAbove = aboveFloor(firstLoad);

  const port = process.env.BENCH_PAGES_PORT ? Number(process.env.BENCH_PAGES_PORT) : undefined;
  const app = await startApp("app-pages", {}, port);
  await makeOrderAndInvoice(app.base);
  const cookies: Record<Role, string> = {
    reseller: await signIn(app.base, DEMO.reseller.email, DEMO.reseller.password),
    admin: await signIn(app.base, DEMO.admin.email, DEMO.admin.password),
  };
  const files = panelFiles(ROOT);
  const routes = panelRoutes(files).filter((r) => options.only.length === 0 || options.only.includes(r.route));
  const urls = await resolveUrls(app.base, files, cookies);

  const browser = await launchChromium();
  onCleanup("Chromium", () => browser.close());
  const pages: AuditedPage[] = [];
  mkdirSync(OUT, { recursive: true });
  // Every page's runs as they finish, so a run stopped half-way keeps what it measured.
  const save = () => writeFileSync(path.join(OUT, "pages.json"), JSON.stringify({ floorBytes: firstLoad.sharedBytes, pages }, null, 2));
  for (const { route, role } of routes) {
    const url = urls.get(route);
    const page: AuditedPage = { route, role, url, aboveFloorBytes: jsAbove.get(route) };
    pages.push(page);
    if (!url) {
      page.note = "no page links to one in the demo data";
      continue;
    }
    try {
      for (const formFactor of ["mobile", "desktop"] as FormFactor[]) {
        const measured: LighthouseRun[] = [];
        for (let i = 0; i < runs; i++) measured.push(await audit(browser, `${app.base}${url}`, formFactor, cookies[role]));
        page[formFactor] = { median: medianRun(measured), runs: measured };
      }
      log(
        `${route}: mobile TBT ${Math.round(page.mobile!.median.tbtMs)} ms, LCP ${(page.mobile!.median.lcpMs / 1000).toFixed(2)} s, perf ${Math.round(page.mobile!.median.performance)}; desktop perf ${Math.round(page.desktop!.median.performance)}`,
      );
    } catch (error) {
      page.note = error instanceof Error ? error.message : String(error);
      log(`${route}: ${page.note}`);
    }
    save();
  }
  await browser.close();

  const version = (JSON.parse(readFileSync(path.join(ROOT, "node_modules", "lighthouse", "package.json"), "utf8")) as { version: string }).version;
  const header =
    `Measured ${new Date(startedAt).toISOString().slice(0, 16).replace("T", " ")} UTC on ${os.availableParallelism()} CPUs, Node ${process.version}, ` +
    `Lighthouse ${version} in ${chromiumVersion()}; the production build on the embedded database with the demo data, signed in; ` +
    `${runs} run${runs === 1 ? "" : "s"} per page and form factor, each figure the median; mobile is Lighthouse's default (simulated slow 4G, 4x CPU slowdown). ` +
    `Load average ${loadBefore.toFixed(2)} before, ${os.loadavg()[0].toFixed(2)} after; ${Math.round((Date.now() - startedAt) / 1000)} s.` +
    (options.quick ? " QUICK run: these figures are noise." : "");
  const markdown = `${header}\n\n${renderPageAudit(pages, firstLoad.sharedBytes)}`;
  writeFileSync(path.join(OUT, "pages.md"), markdown);
  return { markdown, pages };
}
