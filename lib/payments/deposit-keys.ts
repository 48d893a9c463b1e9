import { randomBytes } from "node:crypto";
import { HDKey } from "@scure/bip32";
import { tronAddressFromPublicKey } from "./tron-address";

/** SLIP-44 coin type 195 is TRON; the xpub is the account key m/44'/195'/0'. */
export const ACCOUNT_PATH = "m/44'/195'/0'";

/**
 * The deposit address at m/44'/195'/0'/0/{index}, derived from the account-level extended public key
 * alone: the service never holds a private key.
 */
export function deriveDepositAddress(xpub: string, index: number): string {
  const child = HDKey.fromExtendedKey(xpub).deriveChild(0).deriveChild(index);
  if (!child.publicKey) throw new Error("the extended key yielded no public key");
  return tronAddressFromPublicKey(child.publicKey);
}

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
