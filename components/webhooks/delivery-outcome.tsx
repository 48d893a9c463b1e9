import type { DeliveryRecord } from "@/lib/webhooks/deliveries";
import { DeliveryStatusBadge } from "./delivery-status-badge";

/** What the receiver answered: status, HTTP code, time taken and why it failed. */
export function DeliveryOutcome({ delivery }: { delivery: DeliveryRecord }) {
  return (
    <div className="space-y-1 text-sm">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <DeliveryStatusBadge status={delivery.status} />
        <span className="text-slate-700">{delivery.response_status !== null ? `HTTP ${delivery.response_status}` : "No HTTP answer"}</span>
        {delivery.duration_ms !== null ? <span className="text-slate-500 tabular-nums">{delivery.duration_ms} ms</span> : null}
      </div>
      {delivery.error ? <p className="wrap-anywhere text-red-700">{delivery.error}</p> : null}
    </div>
  );
}
