import { randomBytes } from "node:crypto";

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

export type IdPrefix =
  | "usr"
  | "mail"
  | "tok"
  | "ord"
  | "txn"
  | "pay"
  | "dlv"
  | "key"
  | "evt"
  | "job"
  | "msg"
  | "trf"
  | "act"
  | "sup"
  | "ofr"
  | "sat"
  | "pch"
  | "ntf"
  | "ann"
  | "clm"
  | "aud"
  | "inv";

/**
 * The last id's time and random digits (ULID's monotonic mode, per process). On globalThis because the
 * server script and Next's bundle each load their own copy of this module and both make ids.
 */
const store = globalThis as unknown as { __lastId?: { time: number; digits: number[] } };
const last = (store.__lastId ??= { time: -1, digits: [] });

const POOL_SIZE = 4096;
let pool = Buffer.alloc(0);
let poolOffset = 0;

/** Random bytes taken from a pool filled 4 KiB at a time: a randomBytes call per id cost more than the id. */
function randomPool(size: number): Buffer {
  if (poolOffset + size > pool.length) {
    pool = randomBytes(POOL_SIZE);
    poolOffset = 0;
  }
  const bytes = pool.subarray(poolOffset, poolOffset + size);
  poolOffset += size;
  return bytes;
}

/**
 * Within one millisecond the next id is the last one plus one, so ids made in a row sort in the order
 * they were made: a reseller's transactions, listed newest first by id, keep their order however fast
 * they are written. Reads are scoped by reseller, so a guessable neighbour id reveals nothing.
 */
function nextDigits(now: number): void {
  if (now > last.time) {
    last.time = now;
    last.digits = Array.from(randomPool(16), (byte) => byte % 32);
    return;
  }
  for (let i = last.digits.length - 1; i >= 0; i--) {
    if (last.digits[i] < 31) {
      last.digits[i]++;
      return;
    }
    last.digits[i] = 0;
  }
  last.time++;
}

/**
 * A prefixed ULID ("txn_01JD..."): opaque to integrators, and sorts by creation time, which lets
 * lists paginate newest-first with the id alone as the cursor. Its time is never earlier than the
 * previous id's in this process.
 */
export function newId(prefix: IdPrefix, now: number = Date.now()): string {
  nextDigits(now);
  return `${prefix}_${timeDigits(last.time)}${last.digits.map((digit) => CROCKFORD[digit]).join("")}`;
}

function timeDigits(time: number): string {
  let digits = "";
  let t = time;
  for (let i = 0; i < 10; i++) {
    digits = CROCKFORD[t % 32] + digits;
    t = Math.floor(t / 32);
  }
  return digits;
}

/**
 * The least id of this kind made at or after `time`: a bound that reads a span of time through the
 * primary key's index, where a created_at condition on a table without its own index would read it all.
 */
export function firstIdAt(prefix: IdPrefix, time: Date): string {
  return `${prefix}_${timeDigits(time.getTime())}${"0".repeat(16)}`;
}

/**
 * Whether a text can be an id of this kind. Lookups check it first, so that text from a URL (a NUL
 * byte, 500 characters) answers "not found" instead of reaching the database.
 */
export function isIdOf(prefix: IdPrefix, text: string): boolean {
  return text.length === prefix.length + 27 && text.startsWith(`${prefix}_`) && /^[0-9A-HJKMNP-TV-Z]{26}$/.test(text.slice(prefix.length + 1));
}
