import { describe, expect, it } from "vitest";
import { KeyCache, type CachedKey } from "./key-cache";
import { scopeSet } from "./scopes";

const entry = (userId: string): CachedKey => ({
  apiKeyId: `key_${userId}`,
  userId,
  createdBy: userId,
  scopes: scopeSet(["catalog:read"]),
  allowedIps: [],
  subscription: { tier: "Bronze", periodStart: null, periodEnd: null, nextTier: null, subscriptionStatus: "active" },
  lastUsedAt: 0,
  lastUsedIp: null,
});

describe("KeyCache", () => {
  it("keeps nothing until it listens, and drops everything when listening stops or starts again", () => {
    const cache = new KeyCache();
    cache.remember("h1", entry("u1"), cache.generation());
    expect(cache.get("h1")).toBeUndefined();
    cache.setListening(true);
    cache.remember("h1", entry("u1"), cache.generation());
    expect(cache.get("h1")).toMatchObject({ userId: "u1" });
    cache.setListening(false);
    expect(cache.get("h1")).toBeUndefined();
    cache.setListening(true);
    expect(cache.get("h1")).toBeUndefined();
  });

  it("a notice drops only the named reseller's keys", () => {
    const cache = new KeyCache();
    cache.setListening(true);
    cache.remember("h1", entry("u1"), cache.generation());
    cache.remember("h2", entry("u1"), cache.generation());
    cache.remember("h3", entry("u2"), cache.generation());
    cache.forgetReseller("u1");
    expect([cache.get("h1"), cache.get("h2"), cache.get("h3")?.userId]).toEqual([undefined, undefined, "u2"]);
  });

  it("does not keep a key read while a notice arrived, since the read may predate the change", () => {
    const cache = new KeyCache();
    cache.setListening(true);
    const generation = cache.generation();
    cache.forgetReseller("someone-else");
    cache.remember("h1", entry("u1"), generation);
    expect(cache.get("h1")).toBeUndefined();
  });
});
