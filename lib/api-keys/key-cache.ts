import type { Database, Db } from "@/lib/db/client";
import type { SubscriptionFields } from "@/lib/subscriptions/rules";
import type { ApiScope } from "./scopes";

/**
 * What authentication needs of a key that was valid, for an active reseller, when it was read, and the
 * reseller's subscription, which the listings price by. A balance is never kept: it changes with every
 * order, and whatever needs it reads it fresh.
 */
export interface CachedKey {
  apiKeyId: string;
  userId: string;
  /** The person who created the key, whom the audit log names beside it. */
  createdBy: string | null;
  /** Checked on every call, so kept as a set; a change of scopes drops the entry (the migration's trigger). */
  scopes: ReadonlySet<ApiScope>;
  allowedIps: string[];
  subscription: SubscriptionFields;
  lastUsedAt: number;
  lastUsedIp: string | null;
}

/** The channel the migration's triggers notify with a reseller's id (drizzle/0007_api_key_auth_notices.sql). */
const API_KEY_AUTH_CHANNEL = "api_key_auth";
const MAX_ENTRIES = 10_000;

/**
 * Authenticated keys by hash, so that a call with a known key needs no database round trip. It is
 * trusted only while its instance listens to the channel: a notice drops the named reseller's keys,
 * and starting or losing the listen drops every key, since notices may have been missed.
 *
 * A read that began before a notice may return the row as it was before the change, so an entry is
 * kept only if no notice came while it was read (the generation).
 */
export class KeyCache {
  private readonly entries = new Map<string, CachedKey>();
  private listening = false;
  private changes = 0;

  get(hash: string): CachedKey | undefined {
    return this.listening ? this.entries.get(hash) : undefined;
  }

  /** Taken before a key is read from the database, and handed back to remember(). */
  generation(): number {
    return this.changes;
  }

  remember(hash: string, entry: CachedKey, generation: number): void {
    if (!this.listening || generation !== this.changes) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(hash, entry);
  }

  forgetReseller(userId: string): void {
    this.changes++;
    for (const [hash, entry] of this.entries) if (entry.userId === userId) this.entries.delete(hash);
  }

  setListening(listening: boolean): void {
    this.changes++;
    this.listening = listening;
    this.entries.clear();
  }

  isListening(): boolean {
    return this.listening;
  }
}

const registry = globalThis as unknown as { __apiKeyCaches?: WeakMap<Db, KeyCache> };

/**
 * The cache of one database, listening from its first use. Kept on globalThis, as the database is,
 * so that every route handler bundle of the process shares it.
 */
export function keyCacheOf(database: Database): KeyCache {
  registry.__apiKeyCaches ??= new WeakMap();
  let cache = registry.__apiKeyCaches.get(database.db);
  if (!cache) {
    const created = new KeyCache();
    database.listen(API_KEY_AUTH_CHANNEL, {
      notice: (userId) => created.forgetReseller(userId),
      listening: (listening) => created.setListening(listening),
    });
    registry.__apiKeyCaches.set(database.db, created);
    cache = created;
  }
  return cache;
}
