import { apiHandler } from "@/lib/api/handler";
import { regenerateWebhookSecretOp } from "@/lib/api/operations/webhooks";
import { regenerateWebhookSecret } from "@/lib/webhooks/settings";

// POST /api/v2/account/webhook/secret/regenerate - a new secret; the old one stops signing at once
export const POST = apiHandler(regenerateWebhookSecretOp, async ({ db, caller }) => ({
  secret: await regenerateWebhookSecret(db, caller.userId, caller.actor),
}));
