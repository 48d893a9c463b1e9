import { tryDecryptSecret, encryptSecret } from "./encryption";

/** How many rows a re-encrypter reads at a time. */
export const REENCRYPT_BATCH = 500;

/** The value under ENCRYPTION_KEY: itself if that key opens it, re-encrypted if only the other key does, null if neither. */
export function underOwnKey(stored: string, otherKey: string): { value: string; changed: boolean } | null {
  if (tryDecryptSecret(stored) !== null) return { value: stored, changed: false };
  const plain = tryDecryptSecret(stored, otherKey);
  return plain === null ? null : { value: encryptSecret(plain), changed: true };
}

/**
 * A code and its pin under ENCRYPTION_KEY, each null where there is none; null when either that is
 * there opens with neither key. `changed` says whether either was re-encrypted.
 */
export function pairUnderOwnKey(
  code: string | null,
  pin: string | null,
  otherKey: string,
): { code: string | null; pin: string | null; changed: boolean } | null {
  const [codeNow, pinNow] = [code, pin].map((stored) => (stored === null ? { value: null, changed: false } : underOwnKey(stored, otherKey)));
  if (!codeNow || !pinNow) return null;
  return { code: codeNow.value, pin: pinNow.value, changed: codeNow.changed || pinNow.changed };
}

/** Rows of a table by ascending id, a batch at a time, so that a table of any size is read in bounded memory. */
export async function eachBatch<Id, Row extends { id: Id }>(read: (after: Id | null) => Promise<Row[]>, handle: (rows: Row[]) => Promise<void>) {
  for (let after: Id | null = null; ;) {
    const rows = await read(after);
    if (rows.length === 0) return;
    await handle(rows);
    after = rows[rows.length - 1].id;
  }
}
