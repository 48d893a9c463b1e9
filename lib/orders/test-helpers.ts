import { createUser } from "@/lib/accounts/create-user";
import type { Db } from "@/lib/db/client";
import { products, type FulfilmentMode, type ProductCategory, type ProductField, type User } from "@/lib/db/schema";
import { adjustBalance } from "@/lib/ledger/adjust-balance";

let sequence = 0;

/** A reseller with the given balance, for tests. */
export async function resellerWithBalance(db: Db, balance: bigint): Promise<User> {
  sequence += 1;
  const user = await createUser(db, { email: `buyer-${sequence}-${Date.now()}@test.dev`, password: "long-enough-password" });
  if (balance > 0n) await adjustBalance(db, { userId: user.id, amount: balance, note: "test balance" });
  return { ...user, balance };
}

/** A product for tests. */
export async function testProduct(
  db: Db,
  input: { sku: string; category: ProductCategory; fulfilment: FulfilmentMode; listPrice: bigint; fields?: ProductField[]; maxQuantity?: number },
) {
  const [product] = await db
    .insert(products)
    .values({ group: "Test", name: input.sku, region: "GLOBAL", fields: [], maxQuantity: 10, ...input })
    .returning();
  return product;
}
