import { and, asc, count, eq, gte, inArray, lte, sql, sum, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { DbOrTx } from "@/lib/db/client";
import { orders, products, supplierAttempts, suppliers } from "@/lib/db/schema";
import { formatMoney } from "@/lib/money/money";

export const MARGIN_GROUPINGS = ["day", "product", "supplier"] as const;
export type MarginGrouping = (typeof MARGIN_GROUPINGS)[number];

export const marginGroupingSchema = z.enum(MARGIN_GROUPINGS).catch("day");

export interface MarginLine {
  /** The day (yyyy-mm-dd, UTC), the sku or the supplier id. */
  key: string;
  label: string;
  orders: number;
  /** Of those, refunded to the reseller after the supplier delivered: no revenue, the cost stays. */
  refunded: number;
  revenue: bigint;
  cost: bigint;
  margin: bigint;
}

export interface MarginReport {
  lines: MarginLine[];
  total: Omit<MarginLine, "key" | "label">;
}

/**
 * Revenue, cost and margin of the orders bought from suppliers: orders with a completed upstream
 * attempt, whose cost is what the supplier charged us. A completed order brings its total; one refunded
 * afterwards brings nothing, but its cost stays (the supplier was paid): a loss the report shows. Orders
 * sold from stock or by hand have no supplier cost and are not in it. Grouped by the UTC day the order
 * completed, by product, or by supplier; money in micro-dollars.
 */
export async function marginReport(db: DbOrTx, filter: { from?: Date; to?: Date; by: MarginGrouping }): Promise<MarginReport> {
  const where: SQL[] = [inArray(orders.status, ["completed", "refunded"]), eq(supplierAttempts.status, "completed")];
  if (filter.from) where.push(gte(orders.completedAt, filter.from));
  if (filter.to) where.push(lte(orders.completedAt, filter.to));
  const day = sql<string>`to_char(${orders.completedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const [key, label] =
    filter.by === "day"
      ? [day, day]
      : filter.by === "product"
        ? [orders.sku, sql<string>`max(${products.name})`]
        : [suppliers.id, sql<string>`max(${suppliers.name})`];
  const rows = await db
    .select({
      key,
      label,
      orders: count(),
      refunded: sql<number>`count(*) filter (where ${orders.status} = 'refunded')`,
      revenue: sql<string>`coalesce(sum(${orders.total}) filter (where ${orders.status} = 'completed'), 0)`,
      cost: sum(supplierAttempts.cost),
    })
    .from(orders)
    .innerJoin(supplierAttempts, eq(supplierAttempts.orderId, orders.id))
    .innerJoin(suppliers, eq(suppliers.id, supplierAttempts.supplierId))
    .innerJoin(products, eq(products.sku, orders.sku))
    .where(and(...where))
    .groupBy(key)
    .orderBy(asc(key));
  const lines = rows.map((row) => {
    const revenue = BigInt(row.revenue ?? 0);
    const cost = BigInt(row.cost ?? 0);
    return {
      key: String(row.key),
      label: String(row.label),
      orders: Number(row.orders),
      refunded: Number(row.refunded),
      revenue,
      cost,
      margin: revenue - cost,
    };
  });
  const total = lines.reduce(
    (sumOf, line) => ({
      orders: sumOf.orders + line.orders,
      refunded: sumOf.refunded + line.refunded,
      revenue: sumOf.revenue + line.revenue,
      cost: sumOf.cost + line.cost,
      margin: sumOf.margin + line.margin,
    }),
    {
      orders: 0,
      refunded: 0,
      revenue: 0n,
      cost: 0n,
      margin: 0n,
    },
  );
  return { lines, total };
}

/** Margin as a percent of revenue, to one decimal; "" without revenue. */
export function marginPercent(line: Pick<MarginLine, "revenue" | "margin">): string {
  if (line.revenue === 0n) return "";
  const tenths = (line.margin * 1000n) / line.revenue;
  const sign = tenths < 0n ? "-" : "";
  const abs = tenths < 0n ? -tenths : tenths;
  return `${sign}${abs / 10n}.${abs % 10n}`;
}

export const MARGIN_CSV_COLUMNS = ["group", "name", "orders", "refunded", "revenue", "cost", "margin", "margin_percent"] as const;

export function marginCsvCells(line: MarginLine): string[] {
  return [
    line.key,
    line.label,
    String(line.orders),
    String(line.refunded),
    formatMoney(line.revenue),
    formatMoney(line.cost),
    formatMoney(line.margin),
    marginPercent(line),
  ];
}
