import { RECEIVER_EXAMPLES } from "@/lib/webhooks/receiver-examples";
import { ExampleTabs } from "./example-tabs";

/**
 * A receiver that checks the signature over the raw body in constant time, in three languages, for the
 * panel's webhooks page. Not a client component: the examples reach the page as text, not in its
 * JavaScript. /docs, weighed by its HTML, ships them in its JavaScript instead (DocsReceiverExamples).
 */
export function ReceiverExamples() {
  return <ExampleTabs examples={RECEIVER_EXAMPLES.map(({ id, label, code }) => ({ id, label, code }))} />;
}
