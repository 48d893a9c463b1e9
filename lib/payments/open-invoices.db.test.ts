import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/client";
import { payments } from "@/lib/db/schema";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { resellerWithBalance } from "@/lib/orders/testing/helpers";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { openInvoiceCounts } from "./open-invoices";
import { createPayment } from "./payments";
import { accountActor } from "@/lib/audit/record";

describe(`the admin overview's open top-ups (${testDriver()})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await ensureTariffs(database.db);
  });
  afterAll(async () => {
    await database.close();
  });

  it("counts the invoices still open, and of those the ones paid in part; paid and expired ones are not", async () => {
    expect(await openInvoiceCounts(database.db)).toEqual({ open: 0, partiallyPaid: 0 });
    const [ann, bob] = await Promise.all([resellerWithBalance(database.db, 0n), resellerWithBalance(database.db, 0n)]);
    const invoice = async (userId: string, status?: "partially_paid" | "paid" | "expired" | "confirming") => {
      const { payment } = await createPayment(database.db, userId, 20_000_000n, accountActor(userId));
      if (status) await database.db.update(payments).set({ status }).where(eq(payments.id, payment.id));
    };
    await invoice(ann.id);
    await invoice(ann.id, "partially_paid");
    await invoice(bob.id, "confirming");
    await invoice(bob.id, "paid");
    await invoice(bob.id, "expired");
    expect(await openInvoiceCounts(database.db)).toEqual({ open: 3, partiallyPaid: 1 });
  });
});
