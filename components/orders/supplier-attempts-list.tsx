import type { SupplierAttemptStatus } from "@/lib/db/schema";
import type { AttemptLine } from "@/lib/fulfilment/supplier-attempts";
import { formatMoney } from "@/lib/money/money";
import { formatDateTime } from "@/lib/panel/format";

const STATUS: Record<SupplierAttemptStatus, string> = {
  sending: "Sending",
  placed: "Placed, processing upstream",
  refused: "Refused",
  unknown: "Outcome unknown",
  completed: "Completed",
  failed: "Failed upstream",
};

/**
 * An order's tries at its offers, oldest first: which supplier, its order id there, what it cost and
 * what came of it. Admins only: the reseller never learns who supplied an order.
 */
export function SupplierAttemptsList({ lines, revenue }: { lines: AttemptLine[]; revenue: bigint }) {
  if (lines.length === 0) return <p className="text-sm text-slate-500">Nothing was sent to a supplier.</p>;
  const bought = lines.find((line) => line.status === "completed");
  return (
    <div className="space-y-4">
      <ol className="space-y-3">
        {lines.map((line) => (
          <li key={line.id} className="text-sm text-slate-700" data-testid="supplier-attempt">
            <span className="font-medium text-slate-900">{line.supplierName}</span> · {STATUS[line.status]}
            {line.escalated ? <span className="font-medium text-amber-700"> · waits for a person</span> : null}
            <span className="block text-slate-600">
              {line.status === "completed" ? "Cost" : "Offer cost"} {formatMoney(line.cost)} USD
              {line.upstreamOrderId ? (
                <>
                  {" "}
                  · upstream <span className="font-mono break-all">{line.upstreamOrderId}</span>
                </>
              ) : null}
            </span>
            <time dateTime={line.createdAt.toISOString()} className="block text-slate-500">
              {formatDateTime(line.createdAt)}
            </time>
            {line.error ? <span className="block break-words text-slate-600">{line.error}</span> : null}
          </li>
        ))}
      </ol>
      {bought ? (
        <p className="border-t border-slate-100 pt-3 text-sm text-slate-700" data-testid="order-margin">
          <span className="font-medium text-slate-900">Margin {formatMoney(revenue - bought.cost)} USD</span>: {formatMoney(revenue)} paid by the reseller,{" "}
          {formatMoney(bought.cost)} to the supplier.
        </p>
      ) : null}
    </div>
  );
}
