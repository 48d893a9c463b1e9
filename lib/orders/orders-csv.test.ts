import { describe, expect, it } from "vitest";
import type { Order } from "@/lib/db/schema";
import { csvCell, ordersToCsv } from "./orders-csv";

const order = (overrides: Partial<Order> = {}): Order => ({
  id: "ord_01TEST",
  userId: "usr_1",
  sku: "giftcard-steam-us-10",
  productName: "Steam Gift Card 10 USD",
  type: "giftcard",
  status: "completed",
  quantity: 2,
  unitPrice: 9_700_000n,
  total: 19_400_000n,
  fields: {},
  reference: null,
  source: "panel",
  delivery: null,
  failureReason: null,
  createdAt: new Date("2026-11-21T10:15:30.123Z"),
  updatedAt: new Date("2026-11-21T10:15:30.123Z"),
  completedAt: null,
  ...overrides,
});

describe("orders CSV", () => {
  it("has a header line and money as decimal strings", () => {
    expect(ordersToCsv([order()])).toBe(
      "id,created_at,sku,product,quantity,unit_price,total,status,reference\r\n" +
        "ord_01TEST,2026-11-21T10:15:30.123Z,giftcard-steam-us-10,Steam Gift Card 10 USD,2,9.70,19.40,completed,\r\n",
    );
  });

  it("quotes commas, quotes and line breaks, and defuses formulas in free text", () => {
    expect(csvCell('a, "b"')).toBe('"a, ""b"""');
    expect(csvCell("line\nbreak")).toBe('"line\nbreak"');
    expect(csvCell("=HYPERLINK(1)", { text: true })).toBe("'=HYPERLINK(1)");
    expect(csvCell("-5", { text: true })).toBe("'-5");
    const line = ordersToCsv([order({ reference: '=1+1,"x"', productName: "Baldur's Gate 3" })]).split("\r\n")[1];
    expect(line).toContain(`Baldur's Gate 3`);
    expect(line.endsWith(`"'=1+1,""x"""`)).toBe(true);
  });
});
