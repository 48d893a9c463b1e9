import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { DeliveryRecord } from "@/lib/webhooks/deliveries";

const tones: Record<DeliveryRecord["status"], BadgeTone> = { succeeded: "green", failed: "red", pending: "amber" };
const labels: Record<DeliveryRecord["status"], string> = { succeeded: "Succeeded", failed: "Failed", pending: "Sending" };

export function DeliveryStatusBadge({ status }: { status: DeliveryRecord["status"] }) {
  return <Badge tone={tones[status]}>{labels[status]}</Badge>;
}
