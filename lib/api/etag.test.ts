import { describe, expect, it } from "vitest";
import { entityTag, matchesIfNoneMatch } from "./etag";

const headers = (value: string | null) => ({ get: (name: string) => (name.toLowerCase() === "if-none-match" ? value : null) });

describe("the catalog's ETag", () => {
  it("is a weak tag of the JSON sent: the same body the same tag, any change another", () => {
    const body = { data: [{ sku: "a", price: "1.00" }] };
    expect(entityTag(body)).toMatch(/^W\/"[A-Za-z0-9_-]{32}"$/);
    expect(entityTag(structuredClone(body))).toBe(entityTag(body));
    expect(entityTag({ data: [{ sku: "a", price: "1.01" }] })).not.toBe(entityTag(body));
  });

  it("matches If-None-Match weakly, in a list, or as *", () => {
    const tag = entityTag({ data: [] });
    const strong = tag.slice(2);
    expect(matchesIfNoneMatch(headers(tag), tag)).toBe(true);
    expect(matchesIfNoneMatch(headers(strong), tag)).toBe(true);
    expect(matchesIfNoneMatch(headers(`"x", ${tag} ,"y"`), tag)).toBe(true);
    expect(matchesIfNoneMatch(headers("*"), tag)).toBe(true);
    expect(matchesIfNoneMatch(headers('"x"'), tag)).toBe(false);
    expect(matchesIfNoneMatch(headers(""), tag)).toBe(false);
    expect(matchesIfNoneMatch(headers(null), tag)).toBe(false);
  });
});
