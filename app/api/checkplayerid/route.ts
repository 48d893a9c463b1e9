import { apiHandler } from "@/lib/api/handler";
import { checkPlayerIdOp } from "@/lib/api/operations/catalog";
import { checkRecipient } from "@/lib/catalog/check-recipient";

// GET /api/checkplayerid?sku=&player_id=[&zone_id=] - whether a top-up of the sku could reach this player
export const GET = apiHandler(checkPlayerIdOp, async ({ db, query }) => {
  const fields: Record<string, string> = { player_id: query.player_id, ...(query.zone_id !== undefined && { zone_id: query.zone_id }) };
  return checkRecipient(db, { sku: query.sku, field: "player_id", fields });
});
