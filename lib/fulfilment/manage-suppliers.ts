import { and, eq, isNull, sql } from "drizzle-orm";
import { config } from "@/lib/config/env";
import { encryptSecret } from "@/lib/crypto/encryption";
import type { DbOrTx } from "@/lib/db/client";
import { offers, products, suppliers, type Offer, type Product, type Supplier, type SupplierKind } from "@/lib/db/schema";
import { notFound } from "@/lib/errors/app-error";
import { isIdOf, newId } from "@/lib/ids/ids";

export interface NewSupplier {
  kind: SupplierKind;
  name: string;
  baseUrl?: string | null;
  credentials?: string | null;
  /** What is shown of the credentials afterwards; by default the end of the credentials string. */
  credentialsHint?: string;
  lowBalanceThreshold?: bigint | null;
  enabled?: boolean;
}

/** A supplier by its id, or the documented not_found (an id of the wrong form too). */
export async function findSupplier(db: DbOrTx, supplierId: string): Promise<Supplier> {
  if (!isIdOf("sup", supplierId)) throw notFound("Supplier");
  const [supplier] = await db.select().from(suppliers).where(eq(suppliers.id, supplierId));
  if (!supplier) throw notFound("Supplier");
  return supplier;
}

/** What the admin sees of a credential once it is stored: enough to tell two apart, never enough to use. */
export function credentialsHint(credentials: string): string {
  return credentials.length > 8 ? `…${credentials.slice(-4)}` : "…";
}

export async function createSupplier(db: DbOrTx, input: NewSupplier): Promise<Supplier> {
  const [supplier] = await db
    .insert(suppliers)
    .values({
      id: newId("sup"),
      kind: input.kind,
      name: input.name,
      baseUrl: input.baseUrl ?? null,
      credentialsEncrypted: input.credentials ? encryptSecret(input.credentials) : null,
      credentialsHint: input.credentials ? (input.credentialsHint ?? credentialsHint(input.credentials)) : null,
      lowBalanceThreshold: input.lowBalanceThreshold ?? null,
      enabled: input.enabled ?? true,
    })
    .returning();
  return supplier;
}

export interface NewOffer {
  sku: string;
  supplierId: string;
  upstreamProductId: string;
  cost: bigint;
  priority?: number;
  enabled?: boolean;
}

export async function addOffer(db: DbOrTx, input: NewOffer): Promise<Offer> {
  const [offer] = await db
    .insert(offers)
    .values({ id: newId("ofr"), ...input })
    .returning();
  return offer;
}

/** Disabling a supplier stops its offers at once: routing reads the supplier's flag with every order. */
export async function setSupplierEnabled(db: DbOrTx, supplierId: string, enabled: boolean): Promise<void> {
  await db
    .update(suppliers)
    .set({ enabled, updatedAt: sql`now()` })
    .where(eq(suppliers.id, supplierId));
}

/** The sandbox supplier, made on first use. */
export async function ensureSandboxSupplier(db: DbOrTx): Promise<Supplier> {
  const [existing] = await db.select().from(suppliers).where(eq(suppliers.kind, "sandbox")).orderBy(suppliers.id).limit(1);
  return existing ?? createSupplier(db, { kind: "sandbox", name: "Sandbox" });
}

/** The sandbox's cost as a share of list price: below every tier's discounted price, so no demo order trips the cost guard. */
const SANDBOX_COST_PERCENT = 90n;

/**
 * The demo's wiring: every product fulfilled by a supplier that has no offer yet gets one from the
 * sandbox supplier, its sku as the upstream product. Running it again changes nothing.
 */
export async function attachSandboxOffers(db: DbOrTx, onlySku?: string): Promise<number> {
  return db.transaction(async (tx) => {
    const bare = await tx
      .select({ sku: products.sku, listPrice: products.listPrice })
      .from(products)
      .leftJoin(offers, eq(offers.sku, products.sku))
      .where(and(eq(products.fulfilment, "supplier"), isNull(offers.id), onlySku === undefined ? undefined : eq(products.sku, onlySku)));
    if (bare.length === 0) return 0;
    const sandbox = await ensureSandboxSupplier(tx);
    await tx.insert(offers).values(
      bare.map((product) => ({
        id: newId("ofr"),
        sku: product.sku,
        supplierId: sandbox.id,
        upstreamProductId: product.sku,
        cost: (product.listPrice * SANDBOX_COST_PERCENT) / 100n,
      })),
    );
    return bare.length;
  });
}

/**
 * The embedded mode is the demo: a product an admin makes (or switches to) supplier fulfilment there
 * buys from the sandbox, as the seeded ones do. On Postgres it waits for an offer of a real supplier.
 */
export async function attachDemoOffer(db: DbOrTx, product: Pick<Product, "sku" | "fulfilment">, cfg = config()): Promise<void> {
  if (product.fulfilment === "supplier" && !cfg.DATABASE_URL) await attachSandboxOffers(db, product.sku);
}
