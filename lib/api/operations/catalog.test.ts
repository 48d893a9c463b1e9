import { describe, expect, it } from "vitest";
import { listCatalogOp } from "./catalog";

describe("the catalog's cursor", () => {
  it("takes the next_cursor of any page, which is a sku of up to 80 characters", () => {
    for (const cursor of ["gamekey-elden-ring", `a${"b".repeat(79)}`]) {
      expect(listCatalogOp.query!.safeParse({ cursor }).success, cursor).toBe(true);
    }
  });

  it("refuses a cursor no page of the catalog gives, rather than answering a page from somewhere else", () => {
    for (const cursor of ["ord_01M87M5WSDH1B9XQ7KG92KC87C", "", "Gamekey-Elden-Ring", `a${"b".repeat(80)}`]) {
      const result = listCatalogOp.query!.safeParse({ cursor });
      expect(result.success, cursor).toBe(false);
      expect(
        result.error?.issues.map((issue) => issue.message),
        cursor,
      ).toEqual(["Not a cursor of this list: pass the next_cursor of the page before."]);
    }
  });
});
