import { apiHandler } from "@/lib/api/handler";
import { regenerateWebhookSecret } from "@/lib/api/operations/webhooks";
import { regenerateWebhookSecret as rotate } from "@/lib/webhooks/settings";

// POST /api/v2/account/webhook/secret/regenerate - a new secret; the old one stops signing at once
export const POST = apiHandler(regenerateWebhookSecret, async ({ db, caller }) => ({ secret: await rotate(db, caller.userId) }));
