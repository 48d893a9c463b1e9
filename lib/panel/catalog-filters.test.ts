import { describe, expect, it } from "vitest";
import { catalogRegions, parseCatalogFilter } from "./catalog-filters";

const REGIONS = ["EU", "GLOBAL", "US"];

describe("the catalog's filters from a query string", () => {
  it("takes the search, a known category and a region the catalog has, in any case", () => {
    expect(parseCatalogFilter(new URLSearchParams("q=steam&category=giftcard&region=us"), REGIONS)).toEqual({ q: "steam", category: "giftcard", region: "US" });
  });

  it("drops an unknown category, a region the catalog has none of, and an empty search", () => {
    expect(parseCatalogFilter({ q: "  ", category: "bogus", region: "MARS" }, REGIONS)).toEqual({ q: undefined, category: undefined, region: undefined });
  });

  it("cuts a long search at 100 characters without splitting an emoji", () => {
    const { q } = parseCatalogFilter({ q: "😀".repeat(150) }, REGIONS);
    expect(Array.from(q!)).toHaveLength(100);
    expect(q).toBe("😀".repeat(100));
  });
});

describe("the catalog's regions", () => {
  it("are each region once, sorted", () => {
    expect(catalogRegions([{ region: "US" }, { region: "EU" }, { region: "US" }])).toEqual(["EU", "US"]);
  });
});
