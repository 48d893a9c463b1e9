"use server";

import { revalidatePath } from "next/cache";
import { allowlistTextSchema, apiKeyNameSchema } from "@/lib/api-keys/schemas";
import { createApiKey, revokeApiKey } from "@/lib/api-keys/manage-keys";
import { requireReseller } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import type { ActionState } from "@/lib/panel/action-state";
import { spendPanelBudget } from "@/lib/panel/panel-budget";
import { formText, runAction } from "@/lib/panel/run-action";

export interface CreatedKey {
  id: string;
  key: string;
  name: string;
}

export type CreateKeyState = ActionState<CreatedKey> & { values?: { name: string; allowedIps: string } };

/** Creates a key for the signed-in reseller; the plaintext goes back once, to be shown once. */
export async function createKeyAction(_previous: CreateKeyState, form: FormData): Promise<CreateKeyState> {
  const values = { name: formText(form, "name"), allowedIps: formText(form, "allowedIps") };
  const result = await runAction<CreatedKey>(async () => {
    const user = await requireReseller();
    const fieldErrors: Record<string, string> = {};
    const name = apiKeyNameSchema.safeParse(values.name);
    if (!name.success) fieldErrors.name = name.error.issues[0]?.message ?? "Check the name.";
    const allowlist = allowlistTextSchema.safeParse(values.allowedIps);
    if (!allowlist.success) fieldErrors.allowedIps = allowlist.error.issues.map((issue) => issue.message).join(" ");
    if (Object.keys(fieldErrors).length > 0) return { ok: false, message: "Check the highlighted fields.", fieldErrors };
    await spendPanelBudget(user.id, "default", "new keys");
    const { key, apiKey } = await createApiKey(db(), { userId: user.id, name: values.name, allowedIps: values.allowedIps });
    revalidatePath("/api-keys");
    revalidatePath("/dashboard");
    return { ok: true, data: { id: apiKey.id, key, name: apiKey.name } };
  });
  return result.ok ? result : { ...result, values };
}

/** Revokes one of the signed-in reseller's keys; it stops working with the next request. */
export async function revokeKeyAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  return runAction(async () => {
    const user = await requireReseller();
    await revokeApiKey(db(), user.id, formText(form, "keyId"));
    revalidatePath("/api-keys");
    revalidatePath("/dashboard");
    return { ok: true, message: "The key was revoked." };
  });
}
