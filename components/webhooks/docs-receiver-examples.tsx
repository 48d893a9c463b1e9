"use client";

import { RECEIVER_EXAMPLES, SDK_RECEIVER_EXAMPLE } from "@/lib/webhooks/receiver-examples";
import { ExampleTabs } from "./example-tabs";

const EXAMPLES = [SDK_RECEIVER_EXAMPLE, ...RECEIVER_EXAMPLES];

/**
 * The receivers of the API reference, the SDK's first. The examples are in this module's JavaScript:
 * passed from the server, they would be written into /docs' HTML once more, as the page's data.
 */
export function DocsReceiverExamples() {
  return <ExampleTabs examples={EXAMPLES} />;
}
