import { describe, expect, it } from "vitest";
import { pageOf } from "./page";

describe("pageOf", () => {
  const rows = [{ id: "c" }, { id: "b" }, { id: "a" }];

  it("shows `limit` rows and names the last one shown as the cursor when the extra row says more follow", () => {
    expect(pageOf(rows, 2)).toEqual({ data: [{ id: "c" }, { id: "b" }], nextCursor: "b" });
  });

  it("has no cursor on the last page", () => {
    expect(pageOf(rows, 3)).toEqual({ data: rows, nextCursor: null });
    expect(pageOf([], 3)).toEqual({ data: [], nextCursor: null });
  });

  it("takes the id from a row of several records", () => {
    const joined = rows.map((row) => ({ payment: row, reseller: { id: "usr_1" } }));
    expect(pageOf(joined, 1, (row) => row.payment.id).nextCursor).toBe("c");
  });
});
