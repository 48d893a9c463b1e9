import { HDKey } from "@scure/bip32";
import { tronAddressFromPublicKey } from "./tron-address";

/**
 * The deposit address at m/44'/195'/0'/0/{index}, derived from the account-level extended public key
 * alone: the service never holds a private key.
 */
export function deriveDepositAddress(xpub: string, index: number): string {
  const child = HDKey.fromExtendedKey(xpub).deriveChild(0).deriveChild(index);
  if (!child.publicKey) throw new Error("the extended key yielded no public key");
  return tronAddressFromPublicKey(child.publicKey);
}
