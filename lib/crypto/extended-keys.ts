import { randomBytes } from "node:crypto";
import { HDKey } from "@scure/bip32";

/*
 * The account-level extended public key deposits are derived from (lib/payments/deposit-keys.ts). Here,
 * below the configuration, which checks TRON_XPUB with it and generates the sandbox's.
 */

/** SLIP-44 coin type 195 is TRON; the xpub is the account key m/44'/195'/0'. */
export const ACCOUNT_PATH = "m/44'/195'/0'";

/** Whether a string is an extended public key our derivation can use. */
export function isUsableXpub(xpub: string): boolean {
  try {
    const key = HDKey.fromExtendedKey(xpub);
    return key.privateKey === null && key.publicKey !== null;
  } catch {
    return false;
  }
}

/**
 * An account xpub from a random seed whose private part is thrown away at once, for the sandbox chain:
 * addresses look and validate like real ones, and nothing sent to them on a real chain could be spent.
 */
export function generateSandboxXpub(): string {
  return HDKey.fromMasterSeed(randomBytes(32)).derive(ACCOUNT_PATH).publicExtendedKey;
}
