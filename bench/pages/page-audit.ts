/*
 * The page audit's own arithmetic, apart from the browser: which panel pages there are and who sees
 * them, a real URL for each dynamic one, the median of the Lighthouse runs, the JavaScript above the
 * framework's floor, and the table of bench-results/pages.md.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import type { FirstLoad } from "../lib/first-load";

export type Role = "reseller" | "admin";
export type FormFactor = "mobile" | "desktop";

/** The goals of issue 43: mobile figures under Lighthouse's default throttling, and every page's JavaScript above the floor. */
export const GOALS = { tbtMs: 200, lcpMs: 2000, performance: 95, aboveFloorBytes: 10_000 } as const;

export interface PanelRoute {
  /** As the app router names it: "/orders/[id]". */
  route: string;
  role: Role;
}

/**
 * The panel's pages from the page files under app/(panel), as paths relative to it
 * ("orders/[id]/page.tsx"): /admin and below are the admin's, the rest the reseller's.
 */
export function panelRoutes(pageFiles: string[]): PanelRoute[] {
  return pageFiles
    .filter((file) => /(^|\/)page\.tsx$/.test(file))
    .map((file) => {
      const route = `/${file.replace(/(^|\/)page\.tsx$/, "")}`.replace(/\/$/, "") || "/";
      return { route, role: route === "/admin" || route.startsWith("/admin/") ? ("admin" as const) : ("reseller" as const) };
    })
    .sort((a, b) => a.route.localeCompare(b.route));
}

/** The files under app/(panel), relative to it ("orders/[id]/page.tsx"), for panelRoutes. */
export function panelFiles(root: string): string[] {
  const base = path.join(root, "app", "(panel)");
  return (readdirSync(base, { recursive: true }) as string[]).map((file) => file.split(path.sep).join("/"));
}

/**
 * The paths of the panel's route handlers without a dynamic segment ("/catalog/price-list.csv"), from
 * the same files: a link to one fills a page's [segment] in shape only.
 */
export function handlerPaths(files: string[]): string[] {
  return files.filter((file) => /(^|\/)route\.ts$/.test(file) && !/\[/.test(file)).map((file) => `/${file.replace(/\/?route\.ts$/, "")}`);
}

export const isDynamic = (route: string) => /\[[^\]]+\]/.test(route);

/**
 * A real URL for a dynamic route, from the links the panel's pages show: the first href that fills
 * each [segment] with one path segment and is no other static route ("/admin/products/new" is no
 * product, "/catalog/price-list.csv" no catalog page). Undefined when no page links to one.
 */
export function concreteUrl(route: string, hrefs: Iterable<string>, staticRoutes: ReadonlySet<string>): string | undefined {
  const pattern = new RegExp(
    `^${route
      .split(/(\[[^\]]+\])/)
      .map((part) => (/^\[[^\]]+\]$/.test(part) ? "[^/?#]+" : part.replace(/[.*+?^${}()|\\]/g, "\\$&")))
      .join("")}$`,
  );
  for (const href of hrefs) {
    const path = href.split(/[?#]/)[0];
    if (pattern.test(path) && !staticRoutes.has(path)) return path;
  }
  return undefined;
}

/** The panel's own links in a page's HTML (href="/..."), entities decoded. */
export function linksIn(html: string): string[] {
  return [...html.matchAll(/href="(\/[^"]*)"/g)].map((match) => match[1].replace(/&amp;/g, "&"));
}

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** One Lighthouse run's figures. */
export interface LighthouseRun {
  tbtMs: number;
  lcpMs: number;
  /** 0 to 100. */
  performance: number;
}

/** Each figure's median over the runs, taken figure by figure. */
export function medianRun(runs: LighthouseRun[]): LighthouseRun {
  return { tbtMs: median(runs.map((r) => r.tbtMs)), lcpMs: median(runs.map((r) => r.lcpMs)), performance: median(runs.map((r) => r.performance)) };
}

/**
 * The JavaScript a page loads above the framework's own runtime, gzip: its first-load bytes less the
 * scripts every page boots with (rootMainFiles), as the bench's first-load figure counts them. Keyed by
 * route; undefined for a page the build has no manifest for.
 */
export function aboveFloor(firstLoad: FirstLoad): Map<string, number> {
  return new Map(firstLoad.pages.map((page) => [page.route, page.gzipBytes - firstLoad.sharedBytes]));
}

export interface PanelJavaScript {
  /** Every panel page the build has a manifest for, with its bytes above the floor, by route. */
  pages: { route: string; aboveFloorBytes: number }[];
  lightest?: { route: string; aboveFloorBytes: number };
  heaviest?: { route: string; aboveFloorBytes: number };
  /** How many pages are over the goal. */
  over: number;
  met: boolean;
}

/** The goal's figure over the panel's pages (the sign-in pages and /docs are not panel pages): the worst page judges it. */
export function panelJavaScript(firstLoad: FirstLoad, routes: PanelRoute[]): PanelJavaScript {
  const above = aboveFloor(firstLoad);
  const pages = routes.flatMap(({ route }) => {
    const bytes = above.get(route);
    return bytes === undefined ? [] : [{ route, aboveFloorBytes: bytes }];
  });
  const byWeight = [...pages].sort((a, b) => a.aboveFloorBytes - b.aboveFloorBytes);
  const over = pages.filter((page) => page.aboveFloorBytes > GOALS.aboveFloorBytes).length;
  return { pages, lightest: byWeight[0], heaviest: byWeight.at(-1), over, met: pages.length > 0 && over === 0 };
}

export interface AuditedPage {
  route: string;
  role: Role;
  /** What was loaded ("/orders/ord_…"); undefined when no real URL was found for a dynamic route. */
  url?: string;
  aboveFloorBytes?: number;
  mobile?: { median: LighthouseRun; runs: LighthouseRun[] };
  desktop?: { median: LighthouseRun; runs: LighthouseRun[] };
  /** Why it was not measured, or what went wrong. */
  note?: string;
}

export function mobileMeetsGoals(run: LighthouseRun): boolean {
  return run.tbtMs <= GOALS.tbtMs && run.lcpMs <= GOALS.lcpMs && run.performance >= GOALS.performance;
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const msText = (ms: number) => `${Math.round(ms)} ms`;
const mark = (ok: boolean) => (ok ? "met" : "**missed**");
/** A figure, bold where it misses its goal. */
const judged = (text: string, ok: boolean) => (ok ? text : `**${text}**`);

function formFactorCells(run: LighthouseRun | undefined, goals: boolean): string[] {
  if (!run) return ["-", "-", "-"];
  if (!goals) return [msText(run.tbtMs), s(run.lcpMs), String(Math.round(run.performance))];
  return [
    judged(msText(run.tbtMs), run.tbtMs <= GOALS.tbtMs),
    judged(s(run.lcpMs), run.lcpMs <= GOALS.lcpMs),
    judged(String(Math.round(run.performance)), run.performance >= GOALS.performance),
  ];
}

/** The summary rows and the per-page table, in the style of bench-results/latest.md. */
export function renderPageAudit(pages: AuditedPage[], floorBytes: number): string {
  const withJs = pages.filter((page) => page.aboveFloorBytes !== undefined);
  const jsOver = withJs.filter((page) => page.aboveFloorBytes! > GOALS.aboveFloorBytes);
  const heaviest = withJs.reduce<AuditedPage | undefined>((max, page) => (!max || page.aboveFloorBytes! > max.aboveFloorBytes! ? page : max), undefined);
  const lightest = withJs.reduce<AuditedPage | undefined>((min, page) => (!min || page.aboveFloorBytes! < min.aboveFloorBytes! ? page : min), undefined);
  const mobile = pages.filter((page) => page.mobile).map((page) => ({ route: page.route, run: page.mobile!.median }));
  const range = (pick: (run: LighthouseRun) => number, show: (value: number) => string) => {
    const values = mobile.map(({ run }) => pick(run));
    return values.length === 0 ? "-" : `${show(Math.min(...values))} to ${show(Math.max(...values))}`;
  };
  const unmeasured = pages.filter((page) => !page.mobile);
  const lines = [
    "| figure | result | goal | |",
    "|---|---|---|---|",
    `| JavaScript a page loads above the framework's runtime (${kB(floorBytes)}), gzip | ${lightest && heaviest ? `${kB(lightest.aboveFloorBytes!)} to ${kB(heaviest.aboveFloorBytes!)} (${heaviest.route}); ${jsOver.length} of ${withJs.length} pages over` : "-"} | <= ${kB(GOALS.aboveFloorBytes)} on every page | ${mark(withJs.length > 0 && jsOver.length === 0)} |`,
    `| Lighthouse mobile TBT, median of the runs | ${range((run) => run.tbtMs, msText)}; ${mobile.filter(({ run }) => run.tbtMs > GOALS.tbtMs).length} of ${mobile.length} pages over | <= ${GOALS.tbtMs} ms | ${mark(mobile.length > 0 && mobile.every(({ run }) => run.tbtMs <= GOALS.tbtMs))} |`,
    `| Lighthouse mobile LCP | ${range((run) => run.lcpMs, s)}; ${mobile.filter(({ run }) => run.lcpMs > GOALS.lcpMs).length} of ${mobile.length} pages over | <= ${s(GOALS.lcpMs)} | ${mark(mobile.length > 0 && mobile.every(({ run }) => run.lcpMs <= GOALS.lcpMs))} |`,
    `| Lighthouse mobile performance score | ${range(
      (run) => run.performance,
      (v) => String(Math.round(v)),
    )}; ${mobile.filter(({ run }) => run.performance < GOALS.performance).length} of ${mobile.length} pages under | >= ${GOALS.performance} | ${mark(mobile.length > 0 && mobile.every(({ run }) => run.performance >= GOALS.performance))} |`,
    "",
    "| page | as | JS above floor | mobile TBT | mobile LCP | mobile perf | desktop TBT | desktop LCP | desktop perf |",
    "|---|---|---|---|---|---|---|---|---|",
    ...pages.map((page) =>
      [
        `\`${page.route}\``,
        page.role,
        page.aboveFloorBytes === undefined ? "-" : judged(kB(page.aboveFloorBytes), page.aboveFloorBytes <= GOALS.aboveFloorBytes),
        ...formFactorCells(page.mobile?.median, true),
        ...formFactorCells(page.desktop?.median, false),
      ]
        .join(" | ")
        .replace(/^/, "| ")
        .concat(" |"),
    ),
  ];
  if (unmeasured.length > 0) {
    lines.push("", ...unmeasured.map((page) => `- \`${page.route}\` not measured: ${page.note ?? "no run finished"}`));
  }
  return lines.join("\n") + "\n";
}
