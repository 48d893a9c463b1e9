"use server";

import { revalidatePath } from "next/cache";
import QRCode from "qrcode";
import { z } from "zod";
import { twoFactorFormSchema } from "@/lib/accounts/schemas";
import { renewSessionCookie } from "@/lib/auth/session-cookie";
import { groupedSecret } from "@/lib/auth/totp";
import { confirmTwoFactorSetup, disableTwoFactor, regenerateRecoveryCodes, startTwoFactorSetup } from "@/lib/auth/two-factor";
import { db } from "@/lib/db/client";
import { panelAction, panelCall } from "@/lib/panel/panel-action";
import { panelActor } from "@/lib/panel/panel-actor";

export interface TwoFactorSetup {
  secret: string;
  uri: string;
  qrSvg: string;
}

/** A new secret to scan; nothing changes for the sign-in until a code of it is confirmed. */
export const startTwoFactorSetupAction = panelCall({ role: "signed-in", input: z.object({}) }, async ({ member: user }) => {
  const { secret, uri } = await startTwoFactorSetup(db(), user.id);
  const qrSvg = await QRCode.toString(uri, { type: "svg", margin: 0, errorCorrectionLevel: "M" });
  return { ok: true, data: { secret: groupedSecret(secret), uri, qrSvg } satisfies TwoFactorSetup };
});

/**
 * Turns it on. Every other session has ended; this browser gets a new session at once, so the
 * recovery codes are shown and the reseller stays signed in.
 */
export const confirmTwoFactorSetupAction = panelAction({ role: "signed-in", input: twoFactorFormSchema }, async ({ member: user, input }) => {
  const { recoveryCodes, sessionsValidAfter } = await confirmTwoFactorSetup(db(), {
    userId: user.id,
    password: input.password,
    code: input.code,
    actor: await panelActor(user),
  });
  await renewSessionCookie(user, sessionsValidAfter);
  revalidatePath("/profile");
  return { ok: true, message: "Two-factor sign-in is on. Your other sessions have ended.", data: recoveryCodes };
});

export const disableTwoFactorAction = panelAction({ role: "signed-in", input: twoFactorFormSchema }, async ({ member: user, input }) => {
  await disableTwoFactor(db(), { userId: user.id, password: input.password, code: input.code, actor: await panelActor(user) });
  revalidatePath("/profile");
  return { ok: true, message: "Two-factor sign-in is off. Signing in takes the password alone." };
});

export const regenerateRecoveryCodesAction = panelAction({ role: "signed-in", input: twoFactorFormSchema }, async ({ member: user, input }) => {
  const codes = await regenerateRecoveryCodes(db(), { userId: user.id, password: input.password, code: input.code });
  revalidatePath("/profile");
  return { ok: true, message: "New recovery codes: the earlier ones no longer work.", data: codes };
});
