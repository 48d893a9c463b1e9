import { describe, expect, it } from "vitest";
import {
  aboveFloor,
  concreteUrl,
  handlerPaths,
  linksIn,
  median,
  medianRun,
  panelJavaScript,
  panelRoutes,
  renderPageAudit,
  type AuditedPage,
} from "./page-audit";

describe("panelRoutes", () => {
  it("names each page by its URL and gives /admin and below to the admin", () => {
    expect(
      panelRoutes(["webhooks/page.tsx", "webhooks/actions.ts", "admin/page.tsx", "admin/orders/[id]/page.tsx", "orders/[id]/order-live.tsx", "layout.tsx"]),
    ).toEqual([
      { route: "/admin", role: "admin" },
      { route: "/admin/orders/[id]", role: "admin" },
      { route: "/webhooks", role: "reseller" },
    ]);
  });
});

it("handlerPaths names the route handlers a link can reach, and no dynamic one", () => {
  expect(handlerPaths(["catalog/price-list.csv/route.ts", "orders/export/route.ts", "orders/[id]/receipt/route.ts", "orders/page.tsx"])).toEqual([
    "/catalog/price-list.csv",
    "/orders/export",
  ]);
});

describe("concreteUrl", () => {
  const statics = new Set(["/admin/products", "/admin/products/new", "/orders/bulk", "/orders/export", "/catalog/price-list.csv"]);

  it("takes the first link that fills each segment, and no static page of the same shape", () => {
    expect(
      concreteUrl("/orders/[id]", ["/orders", "/orders/bulk", "/orders/export?status=completed", "/orders/ord_01?tab=chat", "/orders/ord_02"], statics),
    ).toBe("/orders/ord_01");
    expect(concreteUrl("/catalog/[sku]", ["/catalog/price-list.csv", "/catalog/giftcard-steam-us-10"], statics)).toBe("/catalog/giftcard-steam-us-10");
    expect(concreteUrl("/admin/products/[sku]", ["/admin/products/new", "/admin/products/giftcard-steam-us-10"], statics)).toBe(
      "/admin/products/giftcard-steam-us-10",
    );
  });

  it("fills nested segments and no more than one path segment each", () => {
    expect(concreteUrl("/admin/suppliers/[id]/import", ["/admin/suppliers/sup_1", "/admin/suppliers/sup_1/import"], statics)).toBe(
      "/admin/suppliers/sup_1/import",
    );
    expect(concreteUrl("/topup/[paymentId]", ["/topup/pay_1/receipt"], statics)).toBeUndefined();
  });
});

it("linksIn reads the panel's own links with their entities decoded", () => {
  expect(linksIn('<a href="/orders?a=1&amp;b=2">x</a><a href="https://example.com/">y</a><link href="/_next/x.css">')).toEqual([
    "/orders?a=1&b=2",
    "/_next/x.css",
  ]);
});

describe("median", () => {
  it("is the middle run, or the mean of the two middle ones", () => {
    expect(median([300, 100, 200])).toBe(200);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  it("is taken figure by figure over the runs", () => {
    expect(
      medianRun([
        { tbtMs: 400, lcpMs: 1800, performance: 90 },
        { tbtMs: 100, lcpMs: 2500, performance: 97 },
        { tbtMs: 150, lcpMs: 1900, performance: 95 },
      ]),
    ).toEqual({ tbtMs: 150, lcpMs: 1900, performance: 95 });
  });
});

it("aboveFloor is each page's first-load bytes less the runtime every page loads", () => {
  const floor = aboveFloor({
    sharedBytes: 132_000,
    pages: [
      { route: "/docs", files: 8, gzipBytes: 136_700 },
      { route: "/webhooks", files: 14, gzipBytes: 162_500 },
    ],
  });
  expect(floor.get("/docs")).toBe(4_700);
  expect(floor.get("/webhooks")).toBe(30_500);
});

describe("panelJavaScript", () => {
  const firstLoad = {
    sharedBytes: 132_000,
    pages: [
      { route: "/login", files: 9, gzipBytes: 151_400 },
      { route: "/dashboard", files: 8, gzipBytes: 138_000 },
      { route: "/webhooks", files: 9, gzipBytes: 142_300 },
      { route: "/orders/[id]", files: 9, gzipBytes: 141_900 },
    ],
  };
  const routes = panelRoutes(["dashboard/page.tsx", "webhooks/page.tsx", "orders/[id]/page.tsx"]);

  it("judges the panel's pages alone, by the worst, and names it", () => {
    const figure = panelJavaScript(firstLoad, routes);
    expect(figure.pages.map((page) => page.route)).toEqual(["/dashboard", "/orders/[id]", "/webhooks"]);
    expect(figure.lightest).toEqual({ route: "/dashboard", aboveFloorBytes: 6_000 });
    expect(figure.heaviest).toEqual({ route: "/webhooks", aboveFloorBytes: 10_300 });
    expect(figure.over).toBe(1);
    expect(figure.met).toBe(false);
  });

  it("is met when every panel page is within 10 kB, a page at 10,000 bytes included", () => {
    const within = { ...firstLoad, pages: firstLoad.pages.map((page) => (page.route === "/webhooks" ? { ...page, gzipBytes: 142_000 } : page)) };
    const figure = panelJavaScript(within, routes);
    expect(figure.over).toBe(0);
    expect(figure.met).toBe(true);
  });

  it("is not met when the build has none of the panel's pages", () => {
    expect(panelJavaScript({ sharedBytes: 132_000, pages: [] }, routes).met).toBe(false);
  });
});

describe("renderPageAudit", () => {
  const run = (tbtMs: number, lcpMs: number, performance: number) => ({ median: { tbtMs, lcpMs, performance }, runs: [] });
  const pages: AuditedPage[] = [
    { route: "/dashboard", role: "reseller", url: "/dashboard", aboveFloorBytes: 9_000, mobile: run(120, 1_900, 98), desktop: run(0, 500, 100) },
    { route: "/webhooks", role: "reseller", url: "/webhooks", aboveFloorBytes: 30_500, mobile: run(260, 2_300, 91), desktop: run(10, 600, 100) },
    { route: "/admin/suppliers/[id]/import", role: "admin", aboveFloorBytes: 15_200, note: "no page links to one in the demo data" },
  ];
  const text = renderPageAudit(pages, 132_000);

  it("says which goals are met over the pages, and names the heaviest", () => {
    expect(text).toContain(
      "| JavaScript a page loads above the framework's runtime (132.0 kB), gzip | 9.0 kB to 30.5 kB (/webhooks); 2 of 3 pages over | <= 10.0 kB on every page | **missed** |",
    );
    expect(text).toContain("| Lighthouse mobile TBT, median of the runs | 120 ms to 260 ms; 1 of 2 pages over | <= 200 ms | **missed** |");
    expect(text).toContain("| Lighthouse mobile performance score | 91 to 98; 1 of 2 pages under | >= 95 | **missed** |");
  });

  it("shows each page's medians, bold where a mobile figure or its JavaScript misses its goal", () => {
    expect(text).toContain("| `/dashboard` | reseller | 9.0 kB | 120 ms | 1.90 s | 98 | 0 ms | 0.50 s | 100 |");
    expect(text).toContain("| `/webhooks` | reseller | **30.5 kB** | **260 ms** | **2.30 s** | **91** | 10 ms | 0.60 s | 100 |");
  });

  it("says why a page was not measured", () => {
    expect(text).toContain("| `/admin/suppliers/[id]/import` | admin | **15.2 kB** | - | - | - | - | - | - |");
    expect(text).toContain("- `/admin/suppliers/[id]/import` not measured: no page links to one in the demo data");
  });

  it("meets every goal when every page does", () => {
    const good = renderPageAudit([pages[0]], 132_000);
    expect(good.split("\n").filter((line) => line.endsWith("| met |"))).toHaveLength(4);
  });
});
