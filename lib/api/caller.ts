import { getServerSession } from "next-auth";
import { findUserById } from "@/lib/accounts/get-user";
import { authenticateApiKeyNow, type KeyCaller } from "@/lib/api-keys/authenticate-key";
import { scopeSet, type ApiScope } from "@/lib/api-keys/scopes";
import type { AuditActor } from "@/lib/audit/record";
import { authOptions } from "@/lib/auth/auth-options";
import { findSessionAccount, panelSessionOf } from "@/lib/auth/ended-sessions";
import { accountSubject, keySubject, RefusedCaller } from "@/lib/auth/refused-caller";
import { sessionStillValid } from "@/lib/auth/session-validity";
import type { Database, Db } from "@/lib/db/client";
import type { MemberRole, Tier, User } from "@/lib/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { isClientOrigin } from "@/lib/http/client-origin";
import { effectiveTier, type SubscriptionFields } from "@/lib/subscriptions/rules";
import { scopesOfRole } from "@/lib/teams/permissions";
import { mustSetUpTwoFactor } from "@/lib/teams/two-factor-policy";
import type { HeaderReader } from "@/lib/http/header-reader";
import type { ApiRequest } from "./answer";

export interface Caller {
  /** The reseller account the call acts on (its balance, orders, keys). */
  userId: string;
  /**
   * The person whose panel session made the call, and their role on the account, which limits the API
   * scopes the call may use (scopesOfRole in lib/teams/permissions.ts); null for a call with an API key.
   */
  member: { id: string; role: MemberRole } | null;
  /** Set when the call came with an API key; rate limits are counted per key. */
  apiKeyId: string | null;
  rateLimitSubject: string;
  /** What the call may do: the key's scopes, or a session's (sessionScopes). Each operation needs one. */
  scopes: ReadonlySet<ApiScope>;
  /** Who the audit log names for a change this call makes: the key (and who created it) or the signed-in person, and the IP. */
  actor: AuditActor;
  /**
   * The caller's subscription, which prices follow. With a key it comes from the cache, which a change
   * of subscription empties at commit (lib/api-keys/key-cache.ts).
   */
  subscription: SubscriptionFields;
  /** The tier the caller's prices follow now. */
  effectiveTier(): Tier;
  /**
   * The caller's account as it is now (balance, tier). A call with a cached key has not read it, and
   * most operations need only the id, so it is read on the first ask.
   */
  account(): Promise<User>;
}

function activeAccount(user: User | null): User {
  if (!user) throw new AppError("unauthenticated", "The session has ended. Sign in again.");
  if (user.status !== "active") throw new RefusedCaller("account_disabled", "This account is disabled. Contact support.", accountSubject(user.id));
  return user;
}

const tierOf = (subscription: SubscriptionFields) => () => effectiveTier(subscription);

function accountOnce(db: Db, userId: string, known: User | null): () => Promise<User> {
  let account: Promise<User> | null = known ? Promise.resolve(known) : null;
  return () => (account ??= findUserById(db, userId).then(activeAccount));
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The two headers an API key may come in: its own, or `Authorization: Bearer <key>`. */
export const API_KEY_HEADER = "x-api-key";
export const BEARER_HEADER = "authorization";

function presentedKey(headers: HeaderReader): string | null {
  const header = headers.get(API_KEY_HEADER);
  if (header !== null) return header.trim();
  const authorization = headers.get(BEARER_HEADER);
  if (authorization === null) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (!match) throw new AppError("unauthenticated", "Use 'Authorization: Bearer <key>' or the X-API-Key header.");
  return match[1];
}

/**
 * A cookie-authenticated write must come from our own pages: the Origin must be the origin the client
 * used, scheme and port included.
 */
function assertSameOrigin(request: ApiRequest, userId: string): void {
  if (!isClientOrigin(request.headers.get("origin"), request.headers)) {
    throw new RefusedCaller("forbidden", "Cross-origin requests with the session cookie are not allowed; use an API key.", accountSubject(userId));
  }
}

const roleScopes = new Map<MemberRole, ReadonlySet<ApiScope>>();

/** A signed-in person's API rights follow their role on the account, as the panel's pages do. */
function sessionScopes(role: MemberRole): ReadonlySet<ApiScope> {
  let scopes = roleScopes.get(role);
  if (!scopes) roleScopes.set(role, (scopes = scopeSet(scopesOfRole(role))));
  return scopes;
}

/**
 * A call made with an API key. A class rather than a literal with closures: one object per call, made
 * on every API call (docs/performance.md, issue 43).
 */
class KeyHolder implements Caller {
  readonly userId: string;
  readonly member = null;
  readonly apiKeyId: string;
  readonly rateLimitSubject: string;
  readonly scopes: ReadonlySet<ApiScope>;
  readonly actor: AuditActor;
  readonly subscription: SubscriptionFields;
  private readonly db: Db;
  private known: User | null;
  private read: Promise<User> | null = null;

  constructor(db: Db, found: KeyCaller, ip: string) {
    this.db = db;
    this.userId = found.userId;
    this.apiKeyId = found.apiKeyId;
    this.rateLimitSubject = keySubject(found.apiKeyId);
    this.scopes = found.scopes;
    this.actor = { userId: found.createdBy, apiKeyId: found.apiKeyId, ip };
    this.subscription = found.subscription;
    this.known = found.user;
  }

  effectiveTier(): Tier {
    return effectiveTier(this.subscription);
  }

  account(): Promise<User> {
    return (this.read ??= this.known ? Promise.resolve(this.known) : findUserById(this.db, this.userId).then(activeAccount));
  }
}

/**
 * Who is calling: an API key (X-API-Key or Bearer) first, else the panel's session cookie. A key this
 * instance knows is answered at once, without a promise (authenticateApiKeyNow); refusals are thrown.
 */
export function resolveCaller(database: Database, request: ApiRequest, ip: string): Caller | Promise<Caller> {
  const key = presentedKey(request.headers);
  if (key === null) return sessionCaller(database, request, ip);
  const found = authenticateApiKeyNow(database, key, ip);
  return found instanceof Promise ? found.then((caller) => new KeyHolder(database.db, caller, ip)) : new KeyHolder(database.db, found, ip);
}

async function sessionCaller(database: Database, request: ApiRequest, ip: string): Promise<Caller> {
  const session = request.headers.get("cookie")?.includes("next-auth.session-token") ? panelSessionOf(await getServerSession(authOptions())) : null;
  if (!session) throw new AppError("unauthenticated", "Send an API key in the X-API-Key header or as 'Authorization: Bearer <key>'.");
  const found = await findSessionAccount(database.db, session);
  const user = activeAccount(found?.user ?? null);
  if (!found || !sessionStillValid(found.member, { issuedAt: session.issuedAt, ended: found.ended }))
    throw new AppError("unauthenticated", "The session has ended. Sign in again.");
  // The API is a reseller's: an admin holds no balance to buy with, and acts through the admin panel.
  if (user.role !== "reseller" || !found.member.memberRole)
    throw new RefusedCaller("forbidden", "The API serves reseller accounts; an admin works in the admin panel.", accountSubject(user.id));
  if (!SAFE_METHODS.has(request.method)) assertSameOrigin(request, user.id);
  // As in the panel: a member the owner requires two-factor of does nothing else before setting it up.
  if (await mustSetUpTwoFactor({ account: user, member: found.member }, () => database.db))
    throw new RefusedCaller("forbidden", "Set up two-factor sign-in on your profile first: this account requires it.", accountSubject(user.id));
  return {
    userId: user.id,
    member: { id: found.member.id, role: found.member.memberRole },
    apiKeyId: null,
    rateLimitSubject: accountSubject(user.id),
    scopes: sessionScopes(found.member.memberRole),
    actor: { userId: found.member.id, apiKeyId: null, ip },
    subscription: user,
    effectiveTier: tierOf(user),
    account: accountOnce(database.db, user.id, user),
  };
}
