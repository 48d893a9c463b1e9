import { describe, expect, it } from "vitest";
import { csvLine } from "@/lib/csv/csv";
import type { Order } from "@/lib/db/schema";
import { ADMIN_ORDER_CSV_COLUMNS, adminOrderCsvCells, ORDER_CSV_COLUMNS, orderCsvCells } from "./orders-csv";

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
  takenBy: null,
  takenAt: null,
  claimId: null,
  claimStatus: null,
  createdAt: new Date("2026-11-21T10:15:30.123Z"),
  updatedAt: new Date("2026-11-21T10:15:30.123Z"),
  completedAt: null,
  ...overrides,
});

describe("orders CSV", () => {
  it("writes each column in the header's order, money as decimal strings", () => {
    expect(csvLine(ORDER_CSV_COLUMNS)).toBe("id,created_at,sku,product,quantity,unit_price,total,status,reference\r\n");
    expect(csvLine(orderCsvCells(order()))).toBe("ord_01TEST,2026-11-21T10:15:30.123Z,giftcard-steam-us-10,Steam Gift Card 10 USD,2,9.70,19.40,completed,\r\n");
  });

  it("defuses a formula in the integrator's reference, and leaves an apostrophe in a name alone", () => {
    const line = csvLine(orderCsvCells(order({ reference: '=1+1,"x"', productName: "Baldur's Gate 3" })));
    expect(line).toContain(`Baldur's Gate 3`);
    expect(line.endsWith(`"'=1+1,""x"""\r\n`)).toBe(true);
  });

  it("adds the reseller after the reseller's own columns, and never the delivered codes", () => {
    expect(csvLine(ADMIN_ORDER_CSV_COLUMNS)).toBe("id,created_at,sku,product,quantity,unit_price,total,status,reference,reseller_id,reseller_email\r\n");
    const delivered = order({ delivery: { items: [{ codeEncrypted: "SECRET-CODE-1", pinEncrypted: null, serial: "SECRET-SERIAL" }], note: "SECRET note" } });
    const line = csvLine(adminOrderCsvCells({ order: delivered, reseller: { id: "usr_1", email: "shop@example.com" }, taker: null }));
    expect(line).toBe("ord_01TEST,2026-11-21T10:15:30.123Z,giftcard-steam-us-10,Steam Gift Card 10 USD,2,9.70,19.40,completed,,usr_1,shop@example.com\r\n");
    expect(line).not.toContain("SECRET");
  });

  it("defuses an email that a spreadsheet would read as a formula", () => {
    const line = csvLine(adminOrderCsvCells({ order: order(), reseller: { id: "usr_1", email: '=HYPERLINK("x")@example.com' }, taker: null }));
    expect(line.endsWith(`,usr_1,"'=HYPERLINK(""x"")@example.com"\r\n`)).toBe(true);
  });
});
