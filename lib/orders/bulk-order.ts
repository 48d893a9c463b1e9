import { listPricedProducts } from "@/lib/catalog/group-products";
import type { ProductRecord } from "@/lib/catalog/serialize";
import type { Db } from "@/lib/db/client";
import type { OrderStatus, User } from "@/lib/db/schema";
import { AppError, type ValidationIssue } from "@/lib/errors/app-error";
import { formatMoney, parseMoney } from "@/lib/money/money";
import { effectiveTier } from "@/lib/subscriptions/rules";
import { placeOrder } from "./place-order";

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
 * blank lines are skipped. Anything after the quantity is ignored.
 */
export function parseBulkLines(text: string): { lines: BulkLine[]; refused: BulkRefusal[] } {
  const lines: BulkLine[] = [];
  const refused: BulkRefusal[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const shown = raw.trim();
    if (!shown || /^sku\s*(,|$)/i.test(shown)) return;
    const line = index + 1;
    const [sku, quantityText = "1"] = shown.split(/\s*[,;\t ]\s*/);
    if (!/^[a-z0-9-]{3,80}$/.test(sku)) return refused.push({ line, text: shown.slice(0, 100), reason: "Not a sku: use lowercase letters, digits and dashes." });
    if (!/^\d{1,6}$/.test(quantityText) || Number(quantityText) < 1) return refused.push({ line, text: shown.slice(0, 100), reason: "The quantity must be a whole number of at least 1." });
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

function refusalOf(product: ProductRecord | undefined, { quantity }: BulkLine): string | null {
  if (!product) return "No product on sale has this sku.";
  if (product.fields.some((field) => field.required)) return NEEDS_DETAILS;
  if (quantity < product.min_quantity || quantity > product.max_quantity) return `Order from ${product.min_quantity} to ${product.max_quantity} at once.`;
  if (!product.in_stock) return "Out of stock.";
  if (product.stock !== null && quantity > product.stock) return `Only ${product.stock} in stock.`;
  return null;
}

/** What the lines would buy at the reseller's prices, and which lines cannot be ordered and why. Nothing is charged. */
export async function reviewBulkOrder(db: Db, user: User, text: string): Promise<BulkReview> {
  const { lines, refused } = parseBulkOrder(text);
  const skus = [...new Set(lines.map((line) => line.sku))];
  const { data } = await listPricedProducts(db, effectiveTier(user), { skus });
  const products = new Map(data.map((product) => [product.sku, product]));
  const items: BulkReviewItem[] = [];
  let total = 0n;
  for (const line of lines) {
    const product = products.get(line.sku);
    const reason = refusalOf(product, line);
    if (reason || !product) {
      refused.push({ line: line.line, text: line.text, reason: reason ?? "" });
      continue;
    }
    const lineTotal = parseMoney(product.price)! * BigInt(line.quantity);
    total += lineTotal;
    items.push({ ...line, name: product.name, unitPrice: product.price, total: formatMoney(lineTotal) });
  }
  refused.sort((a, b) => a.line - b.line);
  return { items, refused, total: formatMoney(total) };
}

export type BulkOutcome = Pick<BulkLine, "line" | "text"> & ({ orderId: string; status: OrderStatus; total: string } | { error: string });

/**
 * Places the lines one order at a time, each charged in its own transaction as any order is, and
 * answers an outcome for every line. Each line's Idempotency-Key is the batch's key and the line, so a
 * confirmation sent twice (a double click, a retry after a dropped answer) charges each line once and
 * answers the same orders; so every line goes to placeOrder, which answers a replay before it checks
 * stock or balance again. A line that cannot be ordered (out of stock by now, the balance spent) is
 * reported and costs nothing; the others go ahead. `admit` runs before each order: the panel spends its
 * order budget there.
 */
export async function placeBulkOrder(db: Db, user: User, text: string, batchKey: string, admit: () => Promise<void>): Promise<BulkOutcome[]> {
  const { lines, refused } = parseBulkOrder(text);
  const outcomes: BulkOutcome[] = refused.map(({ line, text: given, reason }) => ({ line, text: given, error: reason }));
  for (const { line, text: given, sku, quantity } of lines) {
    try {
      await admit();
      const { order } = await placeOrder(db, { user, sku, quantity, fields: {}, idempotencyKey: `bulk:${batchKey}:${line}`, source: "panel" });
      outcomes.push({ line, text: given, orderId: order.id, status: order.status, total: formatMoney(order.total) });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      outcomes.push({ line, text: given, error: outcomeMessage(error) });
    }
  }
  return outcomes.sort((a, b) => a.line - b.line);
}
