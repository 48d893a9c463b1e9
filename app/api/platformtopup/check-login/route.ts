import { apiHandler } from "@/lib/api/handler";
import { checkPlatformLoginOp } from "@/lib/api/operations/catalog";
import { checkRecipient } from "@/lib/catalog/check-recipient";

// POST /api/platformtopup/check-login - whether a wallet top-up could reach this platform login
export const POST = apiHandler(checkPlatformLoginOp, async ({ db, body }) =>
  checkRecipient(db, { sku: body.sku, category: "platformtopup", field: "login", fields: { login: body.login } }),
);
