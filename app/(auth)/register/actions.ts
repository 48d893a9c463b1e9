"use server";

import { headers } from "next/headers";
import { z } from "zod";
import { createUser } from "@/lib/accounts/create-user";
import { emailSchema, nameSchema, passwordSchema } from "@/lib/accounts/schemas";
import { countRegistration } from "@/lib/auth/login-attempts";
import { db } from "@/lib/db/client";
import { clientIpOf } from "@/lib/http/client-ip";
import { panelCall } from "@/lib/panel/panel-action";

const registration = z.object({ name: nameSchema, email: emailSchema, password: passwordSchema });

export type RegisterInput = z.input<typeof registration>;

/** Opens a reseller account; the browser signs in with the same credentials afterwards. */
export const registerReseller = panelCall(
  { role: "public", input: registration },
  async ({ input }) => {
    const refusal = await countRegistration(clientIpOf(await headers()));
    if (refusal) return { ok: false, message: refusal.message };
    await createUser(db(), { name: input.name, email: input.email, password: input.password, role: "reseller" });
    return { ok: true };
  },
  (input: RegisterInput) => input,
);
