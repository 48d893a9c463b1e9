import { hash, verify } from "@node-rs/argon2";

/**
 * The same password typed on two devices may reach us as different code points (é as one, or as e
 * and a combining accent), so it is hashed and checked in one normal form, NFKC, as NIST SP 800-63B
 * advises.
 */
const normal = (password: string) => password.normalize("NFKC");

/** argon2id with the library's defaults (OWASP-level memory cost). */
export function hashPassword(password: string): Promise<string> {
  return hash(normal(password));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    if (await verify(passwordHash, normal(password))) return true;
    // A hash made before passwords were normalised holds the password as it was typed then.
    return normal(password) !== password && (await verify(passwordHash, password));
  } catch {
    return false;
  }
}

let decoy: Promise<string> | undefined;

/**
 * Spends what checking a password costs, for a sign-in whose email has no account: answering it
 * sooner would tell who has one.
 */
export async function verifyAgainstNobody(password: string): Promise<false> {
  await verifyPassword(await (decoy ??= hashPassword("no account has this password")), password);
  return false;
}
