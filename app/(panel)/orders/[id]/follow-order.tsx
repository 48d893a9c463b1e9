"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { usePolling } from "@/components/panel/use-polling";
import type { OrderRecord } from "@/lib/orders/serialize";

export const POLL_MS = 1500;

async function fetchStatus(id: string): Promise<OrderRecord["status"]> {
  const response = await fetch(`/api/v2/order/${encodeURIComponent(id)}`, { cache: "no-store", headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`Order status answered ${response.status}`);
  return ((await response.json()) as OrderRecord).status;
}

/**
 * Follows a processing order: reads its status every POLL_MS and, once it is final, has the server
 * render the page again (the delivery, or the refund, and the balance in the header: a final status
 * moves money). Says so while the reads fail.
 */
export function FollowOrder({ orderId }: { orderId: string }) {
  const router = useRouter();
  const { data: status, failed } = usePolling<OrderRecord["status"]>({
    key: orderId,
    initial: "processing",
    load: () => fetchStatus(orderId),
    every: (current) => (current === "processing" ? POLL_MS : false),
  });
  useEffect(() => {
    if (status !== "processing") router.refresh();
  }, [status, router]);
  return failed ? " (Reconnecting…)" : null;
}
