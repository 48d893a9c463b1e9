"use server";

import { headers } from "next/headers";
import { createUser } from "@/lib/accounts/create-user";
import { emailSchema, nameSchema, passwordSchema } from "@/lib/accounts/schemas";
import { countRegistration } from "@/lib/auth/login-attempts";
import { db } from "@/lib/db/client";
import { clientIpOf } from "@/lib/http/client-ip";
import type { ActionState } from "@/lib/panel/action-state";
import { runAction } from "@/lib/panel/run-action";

export interface RegisterInput {
  name: string;
  email: string;
  password: string;
}

/** Opens a reseller account; the browser signs in with the same credentials afterwards. */
export async function registerReseller(input: RegisterInput): Promise<ActionState> {
  return runAction(async () => {
    const fields = { name: nameSchema, email: emailSchema, password: passwordSchema } as const;
    const fieldErrors: Record<string, string> = {};
    for (const [field, schema] of Object.entries(fields)) {
      const parsed = schema.safeParse(String(input?.[field as keyof RegisterInput] ?? ""));
      if (!parsed.success) fieldErrors[field] = parsed.error.issues[0]?.message ?? "Check this field.";
    }
    if (Object.keys(fieldErrors).length > 0) return { ok: false, message: "Check the highlighted fields.", fieldErrors };
    const refusal = await countRegistration(clientIpOf(await headers()));
    if (refusal) return { ok: false, message: refusal.message };
    await createUser(db(), { name: input.name, email: input.email, password: input.password, role: "reseller" });
    return { ok: true };
  });
}
