import { headers } from "next/headers";
import type { AuditActor } from "@/lib/audit/record";
import { clientIpOf } from "@/lib/http/client-ip";

/** Who the audit log names for a change made in the panel: the signed-in person, from the request's IP. */
export async function panelActor(person: { id: string }): Promise<AuditActor> {
  return { userId: person.id, apiKeyId: null, ip: clientIpOf(await headers()) };
}
