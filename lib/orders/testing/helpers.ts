import { createUser } from "@/lib/accounts/create-user";
import type { Db } from "@/lib/db/client";
import { orderMessages, products, type FulfilmentMode, type Order, type ProductCategory, type ProductField, type User } from "@/lib/db/schema";
import { newId } from "@/lib/ids/ids";
import { attachSandboxOffers } from "@/lib/fulfilment/manage-suppliers";
import { adjustBalance } from "@/lib/ledger/adjust-balance";

let sequence = 0;

/** A reseller with the given balance, for tests. */
export async function resellerWithBalance(db: Db, balance: bigint): Promise<User> {
  sequence += 1;
  const user = await createUser(db, { email: `buyer-${sequence}-${Date.now()}@test.dev`, password: "long-enough-password" });
  if (balance > 0n) await adjustBalance(db, { userId: user.id, amount: balance, note: "test balance" });
  return { ...user, balance };
}

/** An admin, who works orders by hand, for tests. */
export async function testAdmin(db: Db, name = "admin"): Promise<User> {
  sequence += 1;
  return createUser(db, { email: `${name}-${sequence}-${Date.now()}@ops.test`, password: "long-enough-password", role: "admin" });
}

/** A product for tests; one fulfilled by a supplier buys from the sandbox supplier unless `offers: false`. */
export async function testProduct(
  db: Db,
  input: {
    sku: string;
    category: ProductCategory;
    fulfilment: FulfilmentMode;
    listPrice: bigint;
    fields?: ProductField[];
    maxQuantity?: number;
    sellAtLossAllowed?: boolean;
  },
  { offers = true }: { offers?: boolean } = {},
) {
  const [product] = await db
    .insert(products)
    .values({ group: "Test", name: input.sku, region: "GLOBAL", fields: [], maxQuantity: 10, ...input })
    .returning();
  if (offers && product.fulfilment === "supplier") await attachSandboxOffers(db, product.sku);
  return product;
}

/**
 * `count` messages straight into an order's chat, the reseller's and the supplier's in turn, as no
 * client could post them within the API's rate limits; returns their ids in the order written.
 */
export async function fillChat(db: Db, order: Order, count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, () => newId("msg"));
  const author = (i: number) => (i % 2 ? ("supplier" as const) : ("reseller" as const));
  await db
    .insert(orderMessages)
    .values(
      ids.map((id, i) => ({ id, orderId: order.id, author: author(i), authorId: author(i) === "reseller" ? order.userId : "admin", text: `Message ${i + 1}` })),
    );
  return ids;
}
