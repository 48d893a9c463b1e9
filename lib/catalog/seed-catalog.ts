import { randomBytes } from "node:crypto";
import { count } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { products } from "@/lib/db/schema";
import { DEMO_CATALOG } from "./demo-catalog";
import { addStockCodes } from "./stock";

const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

function demoCode(): string {
  const bytes = randomBytes(15);
  const chars = Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5, 10)}-${chars.slice(10, 15)}`;
}

/** Seeds the demo catalog and 25 stock codes for each stock product, once. */
export async function seedCatalog(db: Db, codesPerProduct = 25): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(products);
  if (Number(n) > 0) return false;
  await db.transaction(async (tx) => {
    await tx.insert(products).values(DEMO_CATALOG.map((p) => ({ ...p, meta: p.meta ?? {} })));
    for (const product of DEMO_CATALOG.filter((p) => p.fulfilment === "stock")) {
      await addStockCodes(
        tx,
        product.sku,
        Array.from({ length: codesPerProduct }, () => ({
          code: demoCode(),
          pin: product.category === "giftcard" ? String(1000 + (randomBytes(2).readUInt16BE() % 9000)) : null,
          serial: null,
        })),
      );
    }
  });
  return true;
}
