"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { allowlistTextSchema, apiKeyNameSchema } from "@/lib/api-keys/schemas";
import { createApiKey, revokeApiKey } from "@/lib/api-keys/manage-keys";
import { apiScopesSchema } from "@/lib/api-keys/scopes";
import { db } from "@/lib/db/client";
import { textField } from "@/lib/panel/form-fields";
import { panelAction, type PanelState } from "@/lib/panel/panel-action";
import { panelActor } from "@/lib/panel/panel-actor";

export interface CreatedKey {
  id: string;
  key: string;
  name: string;
}

export type CreateKeyState = PanelState<CreatedKey>;

function refresh() {
  revalidatePath("/api-keys");
  revalidatePath("/dashboard");
}

/** Creates a key for the signed-in reseller; the plaintext goes back once, to be shown once. */
export const createKeyAction = panelAction(
  {
    role: "reseller",
    capability: "api_keys",
    budget: { category: "default", what: "new keys" },
    input: z.object({
      name: textField.pipe(apiKeyNameSchema),
      // Checked here for the field's message, every entry's fault at once; the key keeps the text as typed.
      allowedIps: textField.superRefine((text, ctx) => {
        const parsed = allowlistTextSchema.safeParse(text);
        if (!parsed.success) ctx.addIssue({ code: "custom", message: parsed.error.issues.map((issue) => issue.message).join(" ") });
      }),
      // A checkbox left unticked sends nothing, one ticked sends its value: one scope arrives as text.
      scopes: z.preprocess((value) => (value === undefined ? [] : typeof value === "string" ? [value] : value), apiScopesSchema),
    }),
    echo: ["name", "allowedIps"],
  },
  async ({ user, member, input }) => {
    const { key, apiKey } = await createApiKey(db(), {
      userId: user.id,
      name: input.name,
      allowedIps: input.allowedIps,
      scopes: input.scopes,
      actor: await panelActor(member),
    });
    refresh();
    return { ok: true, data: { id: apiKey.id, key, name: apiKey.name } };
  },
);

/** Revokes one of the signed-in reseller's keys; it stops working with the next request. */
export const revokeKeyAction = panelAction(
  { role: "reseller", capability: "api_keys", input: z.object({ keyId: textField }) },
  async ({ user, member, input }) => {
    await revokeApiKey(db(), user.id, input.keyId, await panelActor(member));
    refresh();
    return { ok: true, message: "The key was revoked." };
  },
);
