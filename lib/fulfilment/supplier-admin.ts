import { asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { DbOrTx } from "@/lib/db/client";
import { SUPPLIER_KINDS, suppliers, type Offer, type Supplier, type SupplierKind } from "@/lib/db/schema";
import { notFound } from "@/lib/errors/app-error";
import { isIdOf } from "@/lib/ids/ids";
import { formatMoney } from "@/lib/money/money";
import { OutboundUrlError, parseOutboundUrl } from "@/lib/net/outbound-url";
import { findProduct } from "@/lib/catalog/get-product";
import { parseMoney } from "@/lib/money/money";
import { addOffer, createSupplier, credentialsHint, findSupplier } from "./manage-suppliers";
import type { ConnectorOptions } from "./suppliers/connector";
import { KINGUIN_PRODUCTION_URL } from "./suppliers/kinguin";
import { connectorFor, connectorOptions } from "./suppliers/registry";

/** Where a Reloadly supplier buys when no URL is given: the production gift-cards API (its sandbox is https://giftcards-sandbox.reloadly.com). */
export const RELOADLY_DEFAULT_URL = "https://giftcards.reloadly.com";

/** The kinds whose URL may be left out: their production API's. */
const DEFAULT_URLS: Partial<Record<SupplierKind, string>> = { reloadly: RELOADLY_DEFAULT_URL, kinguin: KINGUIN_PRODUCTION_URL };

function checkUrl(url: string, path: "url" | "authUrl", context: z.RefinementCtx) {
  try {
    parseOutboundUrl(url);
  } catch (error) {
    if (!(error instanceof OutboundUrlError)) throw error;
    context.addIssue({ code: "custom", path: [path], message: error.message });
  }
}

/**
 * A supplier as the admin enters it: a reseller-api supplier needs its URL and key; a Reloadly supplier its
 * client id and secret (its URL defaults to Reloadly's production gift-cards API, and authUrl is needed only for a
 * host other than Reloadly's own); a Kinguin supplier its key, its URL being Kinguin's production gateway unless
 * given (its sandbox's, say); the sandbox neither.
 */
export const supplierInputSchema = z
  .strictObject({
    kind: z.enum(SUPPLIER_KINDS),
    name: z.string().trim().min(1, "Give the supplier a name.").max(80, "Use at most 80 characters."),
    url: z.string().trim().optional(),
    key: z.string().trim().min(8, "The key looks too short.").max(500).optional(),
    clientId: z.string().trim().min(4, "The client id looks too short.").max(500).optional(),
    clientSecret: z.string().trim().min(8, "The client secret looks too short.").max(500).optional(),
    authUrl: z.string().trim().optional(),
  })
  .superRefine((input, context) => {
    if (input.kind !== "reloadly") {
      for (const path of ["clientId", "clientSecret", "authUrl"] as const) {
        if (input[path] !== undefined)
          context.addIssue({ code: "custom", path: [path], message: "Only a Reloadly supplier takes a client id, client secret or auth URL." });
      }
    }
    if (input.kind === "sandbox") return;
    if (input.kind === "reloadly") {
      checkUrl(input.url || RELOADLY_DEFAULT_URL, "url", context);
      if (input.authUrl) checkUrl(input.authUrl, "authUrl", context);
      if (input.key) context.addIssue({ code: "custom", path: ["key"], message: "A Reloadly supplier takes a client id and client secret, not a key." });
      if (!input.clientId)
        context.addIssue({ code: "custom", path: ["clientId"], message: "Give the client id from Reloadly's dashboard (Developers, API settings)." });
      if (!input.clientSecret)
        context.addIssue({ code: "custom", path: ["clientSecret"], message: "Give the client secret from Reloadly's dashboard (Developers, API settings)." });
      return;
    }
    if (input.url) checkUrl(input.url, "url", context);
    else if (!DEFAULT_URLS[input.kind])
      context.addIssue({ code: "custom", path: ["url"], message: "Give the supplier's base URL, such as https://wholesaler.example." });
    if (!input.key) context.addIssue({ code: "custom", path: ["key"], message: "Give the API key the supplier issued to us." });
  });

/** The one encrypted string a supplier's credentials are kept as, and the hint shown of them afterwards. */
function credentialsOf(input: z.output<typeof supplierInputSchema>): { credentials: string | null; hint?: string } {
  if (input.kind !== "reloadly") return { credentials: input.key ?? null };
  const stored = input.authUrl
    ? { clientId: input.clientId, clientSecret: input.clientSecret, authUrl: input.authUrl }
    : { clientId: input.clientId, clientSecret: input.clientSecret };
  // The hint names the client id, which tells two accounts apart, and nothing of the secret.
  return { credentials: JSON.stringify(stored), hint: credentialsHint(input.clientId ?? "") };
}

/** What is shown of a supplier: its credentials only as their hint. */
export function supplierView(supplier: Supplier) {
  return {
    id: supplier.id,
    kind: supplier.kind,
    name: supplier.name,
    base_url: supplier.baseUrl,
    credentials: supplier.credentialsHint,
    enabled: supplier.enabled,
    balance: supplier.lastBalance === null ? null : formatMoney(supplier.lastBalance),
    currency: supplier.lastBalanceCurrency,
    balance_checked_at: supplier.balanceCheckedAt?.toISOString() ?? null,
    last_error: supplier.lastError,
    max_in_flight: supplier.maxInFlight,
    // Null once it has passed: a limit in the past holds nothing back.
    rate_limited_until: supplier.rateLimitedUntil && supplier.rateLimitedUntil.getTime() > Date.now() ? supplier.rateLimitedUntil.toISOString() : null,
    webhook_connected: supplier.webhookSecretEncrypted !== null,
  };
}

export async function addSupplier(db: DbOrTx, input: z.input<typeof supplierInputSchema>): Promise<Supplier> {
  const parsed = supplierInputSchema.parse(input);
  const { credentials, hint } = credentialsOf(parsed);
  const baseUrl = parsed.url || DEFAULT_URLS[parsed.kind] || null;
  return createSupplier(db, { kind: parsed.kind, name: parsed.name, baseUrl, credentials, credentialsHint: hint });
}

export async function listSuppliers(db: DbOrTx): Promise<Supplier[]> {
  return db.select().from(suppliers).orderBy(asc(suppliers.name), asc(suppliers.id));
}

/**
 * Test connection: asks the upstream for our balance there and keeps the answer (or the reason it
 * could not) on the supplier, for its state on the admin's pages.
 */
export async function testSupplierConnection(
  db: DbOrTx,
  supplierId: string,
  overrides: Partial<ConnectorOptions> = {},
): Promise<{ ok: true; balance: string; currency: string } | { ok: false; reason: string }> {
  return readSupplierBalance(db, await findSupplier(db, supplierId), overrides);
}

/** Asks a supplier for our balance there and keeps it on the supplier (or why it could not), for the low-balance alert. */
export async function readSupplierBalance(
  db: DbOrTx,
  supplier: Supplier,
  overrides: Partial<ConnectorOptions> = {},
): Promise<{ ok: true; balance: string; currency: string } | { ok: false; reason: string }> {
  const answer = await connectorFor(supplier, connectorOptions(overrides)).balance();
  if (!answer.ok) {
    await db
      .update(suppliers)
      .set({ lastError: answer.reason, lastErrorAt: sql`now()` })
      .where(eq(suppliers.id, supplier.id));
    return answer;
  }
  await db
    .update(suppliers)
    .set({ lastBalance: answer.balance, lastBalanceCurrency: answer.currency, balanceCheckedAt: sql`now()` })
    .where(eq(suppliers.id, supplier.id));
  return { ok: true, balance: formatMoney(answer.balance), currency: answer.currency };
}

export const offerInputSchema = z.strictObject({
  sku: z.string().trim().min(1, "Name the product's sku."),
  supplierId: z
    .string()
    .trim()
    .refine((id) => isIdOf("sup", id), "Name a supplier by its id (sup_...)."),
  upstreamProductId: z.string().trim().min(1, "Give the supplier's product id.").max(200),
  cost: z.string().transform((text, context) => {
    const micros = parseMoney(text);
    if (micros === null || micros < 0n) {
      context.addIssue({ code: "custom", message: "Enter the cost per unit in dollars, such as 9.70." });
      return z.NEVER;
    }
    return micros;
  }),
  priority: z.coerce.number().int().min(0).max(1000).default(0),
});

/** An offer as the operator enters it: the product and supplier must exist. */
export async function addOfferFromInput(db: DbOrTx, input: z.input<typeof offerInputSchema>): Promise<Offer> {
  const parsed = offerInputSchema.parse(input);
  if (!(await findProduct(db, parsed.sku))) throw notFound("Product");
  const [supplier] = await db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.id, parsed.supplierId));
  if (!supplier) throw notFound("Supplier");
  return addOffer(db, parsed);
}

export function offerView(offer: Offer) {
  return {
    id: offer.id,
    sku: offer.sku,
    supplier_id: offer.supplierId,
    upstream_product_id: offer.upstreamProductId,
    cost: formatMoney(offer.cost),
    priority: offer.priority,
    enabled: offer.enabled,
  };
}
