"use server";

import { revalidatePath } from "next/cache";
import QRCode from "qrcode";
import { twoFactorFormSchema } from "@/lib/accounts/schemas";
import { requireUser } from "@/lib/auth/session";
import { renewSessionCookie } from "@/lib/auth/session-cookie";
import { groupedSecret } from "@/lib/auth/totp";
import { confirmTwoFactorSetup, disableTwoFactor, regenerateRecoveryCodes, startTwoFactorSetup } from "@/lib/auth/two-factor";
import { db } from "@/lib/db/client";
import type { ActionState } from "@/lib/panel/action-state";
import { formText, runAction } from "@/lib/panel/run-action";

export interface TwoFactorSetup {
  secret: string;
  uri: string;
  qrSvg: string;
}

function parseForm(form: FormData) {
  return twoFactorFormSchema.parse({ password: formText(form, "password"), code: formText(form, "code") });
}

/** A new secret to scan; nothing changes for the sign-in until a code of it is confirmed. */
export async function startTwoFactorSetupAction(): Promise<ActionState<TwoFactorSetup>> {
  return runAction<TwoFactorSetup>(async () => {
    const user = await requireUser();
    const { secret, uri } = await startTwoFactorSetup(db(), user.id);
    const qrSvg = await QRCode.toString(uri, { type: "svg", margin: 0, errorCorrectionLevel: "M" });
    return { ok: true, data: { secret: groupedSecret(secret), uri, qrSvg } };
  });
}

/**
 * Turns it on. Every other session has ended; this browser gets a new session at once, so the
 * recovery codes are shown and the reseller stays signed in.
 */
export async function confirmTwoFactorSetupAction(_previous: ActionState<string[]>, form: FormData): Promise<ActionState<string[]>> {
  return runAction<string[]>(async () => {
    const user = await requireUser();
    const { password, code } = parseForm(form);
    const { recoveryCodes, sessionsValidAfter } = await confirmTwoFactorSetup(db(), { userId: user.id, password, code });
    await renewSessionCookie(user, sessionsValidAfter);
    revalidatePath("/profile");
    return { ok: true, message: "Two-factor sign-in is on. Your other sessions have ended.", data: recoveryCodes };
  });
}

export async function disableTwoFactorAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  return runAction(async () => {
    const user = await requireUser();
    await disableTwoFactor(db(), { userId: user.id, ...parseForm(form) });
    revalidatePath("/profile");
    return { ok: true, message: "Two-factor sign-in is off. Signing in takes the password alone." };
  });
}

export async function regenerateRecoveryCodesAction(_previous: ActionState<string[]>, form: FormData): Promise<ActionState<string[]>> {
  return runAction<string[]>(async () => {
    const user = await requireUser();
    const codes = await regenerateRecoveryCodes(db(), { userId: user.id, ...parseForm(form) });
    revalidatePath("/profile");
    return { ok: true, message: "New recovery codes: the earlier ones no longer work.", data: codes };
  });
}
