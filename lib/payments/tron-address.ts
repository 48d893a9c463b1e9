import { secp256k1 } from "@noble/curves/secp256k1.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { createBase58check } from "@scure/base";

const base58check = createBase58check(sha256);
/** Every TRON mainnet address starts with this byte, which is why they read "T...". */
const TRON_ADDRESS_PREFIX = 0x41;

/** The TRON address of a secp256k1 public key (compressed or not): 0x41 + the last 20 bytes of keccak256(x || y). */
export function tronAddressFromPublicKey(publicKey: Uint8Array): string {
  const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false);
  const hash = keccak_256(uncompressed.subarray(1));
  const raw = new Uint8Array(21);
  raw[0] = TRON_ADDRESS_PREFIX;
  raw.set(hash.subarray(12), 1);
  return base58check.encode(raw);
}

/** Whether a string is a well-formed TRON address: base58check with an intact checksum and the 0x41 prefix. */
export function isTronAddress(text: string): boolean {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(text)) return false;
  try {
    const raw = base58check.decode(text);
    return raw.length === 21 && raw[0] === TRON_ADDRESS_PREFIX;
  } catch {
    return false;
  }
}
