import { hash, randomBytes } from "node:crypto";
import { Secret, TOTP } from "otpauth";

/** The name authenticator apps list the account under, beside its email. */
const ISSUER = "Reseller Panel";
const PERIOD_S = 30;
const RECOVERY_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
const RECOVERY_LENGTH = 12;
export const RECOVERY_CODE_COUNT = 10;

/** RFC 6238 as every authenticator app reads an otpauth:// URI by default: SHA-1, 6 digits, 30 seconds. */
function totpOf(secret: string, label = "account"): TOTP {
  return new TOTP({ issuer: ISSUER, label, algorithm: "SHA1", digits: 6, period: PERIOD_S, secret: Secret.fromBase32(secret) });
}

/** A new secret of 160 bits (RFC 4226's recommended length), in base32 as apps take it typed in. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI a QR code carries to an authenticator app. */
export function otpauthUri(secret: string, email: string): string {
  return totpOf(secret, email).toString();
}

/** The secret in groups of four, easier to type into an app by hand. */
export function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}

export function totpStep(now: number): number {
  return Math.floor(now / (PERIOD_S * 1000));
}

/** The code of a step, for tests and for the e2e specs that play the authenticator app. */
export function totpCode(secret: string, now: number): string {
  return totpOf(secret).generate({ timestamp: now });
}

/**
 * The time step a 6-digit code belongs to, if it is the code of the current step or of one step either
 * side (a phone's clock drifts, and a code typed at the end of its 30 seconds arrives in the next), and
 * later than lastUsedStep: a code, once accepted, is refused for the rest of its window.
 */
export function matchTotp(secret: string, code: string, lastUsedStep: number | null, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  const step = totpStep(now) + delta;
  return lastUsedStep !== null && step <= lastUsedStep ? null : step;
}

/** What a typed code is: six digits from the app, a recovery code, or neither. Spaces and dashes do not count. */
export type TypedCode = { kind: "totp"; code: string } | { kind: "recovery"; code: string } | null;

export function parseTypedCode(input: string): TypedCode {
  const compact = input.replace(/[\s-]/g, "").toUpperCase();
  if (/^\d{6}$/.test(compact)) return { kind: "totp", code: compact };
  if (compact.length === RECOVERY_LENGTH && [...compact].every((c) => RECOVERY_ALPHABET.includes(c))) return { kind: "recovery", code: compact };
  return null;
}

/**
 * Recovery codes of 60 random bits each, without the look-alikes 0/O and 1/I, shown as XXXX-XXXX-XXXX.
 * 32 letters divide 256, so taking a byte modulo 32 keeps every letter equally likely.
 */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const letters = [...randomBytes(RECOVERY_LENGTH)].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]).join("");
    return letters.replace(/(.{4})(?=.)/g, "$1-");
  });
}

/** Random enough (60 bits) for a fast hash to store safely, as API keys are; hashed in the form parseTypedCode reads. */
export function hashRecoveryCode(code: string): string {
  return hash("sha256", code.replace(/[\s-]/g, "").toUpperCase(), "hex");
}
