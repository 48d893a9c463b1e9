import type { SupplierKind } from "@/lib/db/schema";
import { metrics } from "@/lib/observability/metrics";
import { inSpan, SpanKind } from "@/lib/observability/tracing";
import type { SupplierConnector } from "./connector";

/** What a call's answer says of its outcome, as the metrics count it: an outcome's state, or ok / error. */
function outcomeOf(answer: unknown): string {
  if (answer && typeof answer === "object") {
    if ("state" in answer && typeof answer.state === "string") return answer.state;
    if ("ok" in answer && answer.ok === false) return "error";
    if ("valid" in answer) return answer.valid ? "valid" : "invalid";
  }
  return "ok";
}

/**
 * The connector with each call counted and timed by supplier kind, operation and outcome
 * (`supplier_calls_total`, `supplier_call_duration_seconds`), in a span of its own when traces are on.
 */
export function observedConnector(kind: SupplierKind, connector: SupplierConnector): SupplierConnector {
  const observed =
    <A extends unknown[], R>(operation: string, call: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> =>
      inSpan(
        `supplier ${operation}`,
        { "supplier.kind": kind },
        async () => {
          const started = performance.now();
          const { supplierCalls, supplierDuration } = metrics();
          try {
            const answer = await call(...args);
            supplierCalls.inc({ kind, operation, outcome: outcomeOf(answer) });
            return answer;
          } catch (error) {
            supplierCalls.inc({ kind, operation, outcome: "error" });
            throw error;
          } finally {
            supplierDuration.observe({ kind }, (performance.now() - started) / 1000);
          }
        },
        { kind: SpanKind.CLIENT },
      );
  return {
    placeOrder: observed("place_order", connector.placeOrder.bind(connector)),
    reconcile: observed("reconcile", connector.reconcile.bind(connector)),
    checkRecipient: observed("check_recipient", connector.checkRecipient.bind(connector)),
    balance: observed("balance", connector.balance.bind(connector)),
    listProducts: observed("list_products", connector.listProducts.bind(connector)),
    ...(connector.registerWebhook ? { registerWebhook: observed("register_webhook", connector.registerWebhook.bind(connector)) } : {}),
    ...(connector.claims
      ? {
          claims: {
            open: observed("open_claim", connector.claims.open.bind(connector.claims)),
            read: observed("read_claim", connector.claims.read.bind(connector.claims)),
            messages: observed("claim_messages", connector.claims.messages.bind(connector.claims)),
            order: observed("read_order", connector.claims.order.bind(connector.claims)),
          },
        }
      : {}),
  };
}
