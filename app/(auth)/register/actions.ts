"use server";

import { headers } from "next/headers";
import { z } from "zod";
import { registerReseller as register } from "@/lib/accounts/register";
import { emailSchema, nameSchema, passwordSchema } from "@/lib/accounts/schemas";
import { db } from "@/lib/db/client";
import { clientIpOf } from "@/lib/http/client-ip";
import { panelCall } from "@/lib/panel/panel-action";

const registration = z.object({ name: nameSchema, email: emailSchema, password: passwordSchema });

export type RegisterInput = z.input<typeof registration>;

/** Opens a reseller account, answered alike for a taken address (whose owner is mailed instead). */
export const registerReseller = panelCall(
  { role: "public", input: registration },
  async ({ input }) => {
    await register(db(), { name: input.name, email: input.email, password: input.password, ip: clientIpOf(await headers()) });
    return { ok: true, data: { email: input.email } };
  },
  (input: RegisterInput) => input,
);
