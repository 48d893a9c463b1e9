import type { OrderActivityAction } from "@/lib/db/schema";
import type { OrderActivityLine } from "@/lib/orders/order-activity";
import { formatDateTime } from "@/lib/panel/format";

const VERBS: Record<OrderActivityAction, string> = {
  taken: "Taken",
  released: "Released",
  taken_over: "Taken over",
  completed: "Completed",
  failed: "Failed",
  refunded: "Refunded",
};

/**
 * What admins did to an order, newest first: "Refunded by ann@… · 25 Nov 2026, 15:09 UTC — reason".
 * Admins only: the reseller's pages never name the admin who worked an order.
 */
export function OrderActivityList({ lines }: { lines: OrderActivityLine[] }) {
  if (lines.length === 0) return <p className="text-sm text-slate-500">No admin has acted on this order yet.</p>;
  return (
    <ol className="space-y-3">
      {lines.map((line) => (
        <li key={line.id} className="text-sm text-slate-700" data-testid="order-activity-line">
          <span className="font-medium text-slate-900">{VERBS[line.action]}</span> by <span className="font-medium text-slate-900">{line.adminEmail}</span>
          {line.action === "taken_over" && line.detail ? <> from {line.detail}</> : null}
          {/* On a phone the time and the reason take their own lines, where a leading dot or dash would dangle. */}
          <span className="hidden sm:inline"> · </span>
          <time dateTime={line.createdAt.toISOString()} className="block whitespace-nowrap text-slate-500 sm:inline">
            {formatDateTime(line.createdAt)}
          </time>
          {line.action !== "taken_over" && line.detail ? (
            <>
              <span className="hidden sm:inline"> — </span>
              <span className="block text-slate-600 sm:inline">{line.detail}</span>
            </>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
