import type { AuditActor } from "@/lib/audit/record";
import { z } from "zod";
import { listPricedProducts } from "@/lib/catalog/priced-products";
import { SKU_PATTERN } from "@/lib/catalog/product-input";
import type { ProductRecord } from "@/lib/catalog/serialize";
import type { Db } from "@/lib/db/client";
import type { OrderStatus, User } from "@/lib/db/schema";
import { AppError, type ValidationIssue } from "@/lib/errors/app-error";
import { formatMoney, parseMoney } from "@/lib/money/money";
import { effectiveTier } from "@/lib/subscriptions/rules";
import { placeOrder } from "./place-order";
import { componentLogger } from "@/lib/observability/logger";

/** At most this many orders at once: the panel's order budget is 60 a minute, as the API's. */
export const MAX_BULK_LINES = 50;

export interface BulkLine {
  /** The line's number in the text the reseller gave, for messages about it. */
  line: number;
  /** The line as given, trimmed. */
  text: string;
  sku: string;
  quantity: number;
}

export interface BulkRefusal {
  line: number;
  text: string;
  reason: string;
}

/**
 * One order per line, as `sku,quantity`, `sku quantity` or `sku` (one); a header line `sku,...` and
 * blank lines are skipped. Anything after the quantity is ignored. Skus are matched in lowercase, as
 * a shop's export may spell them otherwise.
 */
export function parseBulkLines(text: string): { lines: BulkLine[]; refused: BulkRefusal[] } {
  const lines: BulkLine[] = [];
  const refused: BulkRefusal[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const shown = raw.trim();
    if (!shown || /^sku\s*(,|$)/i.test(shown)) return;
    const line = index + 1;
    const [given, quantityText = "1"] = shown.split(/\s*[,;\t ]\s*/);
    const sku = given.toLowerCase();
    if (!SKU_PATTERN.test(sku)) return refused.push({ line, text: shown.slice(0, 100), reason: "Not a sku: use 3 to 80 letters, digits and dashes." });
    if (!/^\d{1,6}$/.test(quantityText) || Number(quantityText) < 1)
      return refused.push({ line, text: shown.slice(0, 100), reason: "The quantity must be a whole number of at least 1." });
    lines.push({ line, text: shown.slice(0, 100), sku, quantity: Number(quantityText) });
  });
  return { lines, refused };
}

/** parseBulkLines, refusing a list longer than MAX_BULK_LINES as a whole. */
function parseBulkOrder(text: string): { lines: BulkLine[]; refused: BulkRefusal[] } {
  const parsed = parseBulkLines(text);
  const count = parsed.lines.length + parsed.refused.length;
  if (count > MAX_BULK_LINES) throw new AppError("validation_error", `Give at most ${MAX_BULK_LINES} lines at once; this has ${count}.`);
  return parsed;
}

export interface BulkReviewItem extends BulkLine {
  name: string;
  unitPrice: string;
  total: string;
}

export interface BulkReview {
  items: BulkReviewItem[];
  refused: BulkRefusal[];
  /** The items' total, as a decimal string. */
  total: string;
}

const NEEDS_DETAILS = "This product needs details (such as a player id): order it from its own page.";

/** The refusal of a line as the review words it: a missing detail is a product for its own page, not a form to fix here. */
function outcomeMessage(error: AppError): string {
  const issues = Array.isArray(error.details.issues) ? (error.details.issues as ValidationIssue[]) : [];
  return issues.length > 0 && issues.every((issue) => issue.path.startsWith("fields.")) ? NEEDS_DETAILS : error.message;
}

/** Why a line cannot be ordered; `taken` is what the lines above it already take of the product's stock. */
function refusalOf(product: ProductRecord | undefined, { quantity }: BulkLine, taken: number): string | null {
  if (!product) return "No product on sale has this sku.";
  if (product.fields.some((field) => field.required)) return NEEDS_DETAILS;
  if (quantity < product.min_quantity || quantity > product.max_quantity) return `Order from ${product.min_quantity} to ${product.max_quantity} at once.`;
  if (!product.in_stock) return "Out of stock.";
  if (product.stock !== null && quantity > product.stock - taken) {
    return taken > 0 ? `Only ${Math.max(0, product.stock - taken)} left in stock after the lines above.` : `Only ${product.stock} in stock.`;
  }
  return null;
}

/** What the lines would buy at the reseller's prices, and which lines cannot be ordered and why. Nothing is charged. */
export async function reviewBulkOrder(db: Db, user: User, text: string): Promise<BulkReview> {
  const { lines, refused } = parseBulkOrder(text);
  const skus = [...new Set(lines.map((line) => line.sku))];
  const { data } = await listPricedProducts(db, effectiveTier(user), { skus });
  const products = new Map(data.map((product) => [product.sku, product]));
  const items: BulkReviewItem[] = [];
  const taken = new Map<string, number>();
  let total = 0n;
  for (const line of lines) {
    const product = products.get(line.sku);
    const reason = refusalOf(product, line, taken.get(line.sku) ?? 0);
    if (reason || !product) {
      refused.push({ line: line.line, text: line.text, reason: reason ?? "" });
      continue;
    }
    taken.set(line.sku, (taken.get(line.sku) ?? 0) + line.quantity);
    const lineTotal = parseMoney(product.price)! * BigInt(line.quantity);
    total += lineTotal;
    items.push({ ...line, name: product.name, unitPrice: product.price, total: formatMoney(lineTotal) });
  }
  refused.sort((a, b) => a.line - b.line);
  return { items, refused, total: formatMoney(total) };
}

export type BulkOutcome = Pick<BulkLine, "line" | "text"> & ({ orderId: string; status: OrderStatus; total: string } | { error: string });

/**
 * The review's items as the confirmation sends them back: what the reseller saw and agreed to pay.
 * Only these are placed, and none above the unit price shown, so a line the review refused, or one
 * whose price rose in between, is never charged on the strength of that confirmation.
 */
export const confirmedItemsSchema = z
  .array(
    z.object({
      line: z.number().int().min(1).max(1_000_000),
      text: z.string().max(100),
      sku: z.string().regex(SKU_PATTERN),
      quantity: z.number().int().min(1).max(999_999),
      unitPrice: z
        .string()
        .max(32)
        .refine((price) => (parseMoney(price) ?? 0n) > 0n, "Not a price."),
    }),
  )
  .min(1, "Review the list before confirming.")
  .max(MAX_BULK_LINES, `Give at most ${MAX_BULK_LINES} lines at once.`)
  .refine((items) => new Set(items.map((item) => item.line)).size === items.length, "Each line may be confirmed once.");

export type ConfirmedItem = z.infer<typeof confirmedItemsSchema>[number];

const UNKNOWN_OUTCOME = "This line could not be placed for now. Check Orders before ordering it again.";

/**
 * Places the confirmed items one order at a time, each charged in its own transaction as any order
 * is, and answers an outcome for every item. Each item's Idempotency-Key is the batch's key and its
 * line, so a confirmation sent twice (a double click, a retry after a dropped answer, two tabs)
 * charges each line once and answers the same orders. `admit` (the panel's order budget) runs only
 * for a line not placed before, once its key is claimed: a resend spends nothing, and a refusal is
 * never told of a line that another send has placed. A line that cannot be ordered (out of stock by
 * now, the balance spent, its price raised) is reported and costs nothing; the others go ahead.
 */
export async function placeBulkOrder(
  db: Db,
  user: User,
  items: ConfirmedItem[],
  batchKey: string,
  admit: () => Promise<void>,
  actor: AuditActor,
): Promise<BulkOutcome[]> {
  const outcomes: BulkOutcome[] = [];
  for (const { line, text, sku, quantity, unitPrice } of items) {
    try {
      const { order } = await placeOrder(db, {
        user,
        sku,
        quantity,
        fields: {},
        idempotencyKey: `bulk:${batchKey}:${line}`,
        source: "panel",
        actor,
        maxUnitPrice: parseMoney(unitPrice)!,
        admit,
      });
      outcomes.push({ line, text, orderId: order.id, status: order.status, total: formatMoney(order.total) });
    } catch (error) {
      if (!(error instanceof AppError)) componentLogger("orders").error({ err: error, line }, "a bulk order line failed unexpectedly");
      outcomes.push({ line, text, error: error instanceof AppError ? outcomeMessage(error) : UNKNOWN_OUTCOME });
    }
  }
  return outcomes.sort((a, b) => a.line - b.line);
}
