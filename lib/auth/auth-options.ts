import { randomUUID } from "node:crypto";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { findUserByEmail, findUserById } from "@/lib/accounts/get-user";
import { config } from "@/lib/config/env";
import { db } from "@/lib/db/client";
import type { Role } from "@/lib/db/schema";
import { countSecondFactorCheck } from "./login-attempts";
import { verifyAgainstNobody, verifyPassword } from "./password";
import { clientIpOfSignIn, recordSignInAddress } from "./sign-in-address";
import { hasTwoFactor, spendSecondFactor } from "./two-factor";
import { CODE_REQUIRED, WRONG_CODE } from "./two-factor-messages";
import { SESSION_MAX_AGE_S } from "./session-lifetime";
import { componentLogger } from "@/lib/observability/logger";

declare module "next-auth" {
  interface Session {
    user: { id: string; email: string; name: string; role: Role };
    /** When the session was signed in (ms), against the account's sessionsValidAfter and its lifetime. */
    issuedAt: number;
    /** This sign-in's own id, which signing out lists as ended. */
    sessionId: string;
  }
  interface User {
    role: Role;
    /** When authorize began (ms): the session's issuedAt. */
    issuedAt: number;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    uid?: string;
    role?: Role;
    issuedAt?: number;
    sid?: string;
  }
}

const ACCOUNT_DISABLED = "This account is disabled. Contact support.";
export const REMOVED_MEMBER = "You are no longer a member of this account. Ask its owner to invite you again.";

/** Login attempts are counted (and refused past the limit) by the route in front of next-auth. */
export function authOptions(): NextAuthOptions {
  return {
    secret: config().AUTH_SECRET,
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_S },
    pages: { signIn: "/login", error: "/login" },
    providers: [
      CredentialsProvider({
        name: "Email and password",
        credentials: {
          email: { label: "Email", type: "email" },
          password: { label: "Password", type: "password" },
          code: { label: "Two-factor code", type: "text" },
        },
        // Two steps over one provider: the password alone answers CODE_REQUIRED for an account with
        // two-factor sign-in, and no session; the form then sends the password again with the code.
        // Each step is a sign-in attempt, counted per IP by the route; a code is counted per account too.
        async authorize(credentials, req) {
          // Stamped before anything is read: turning two-factor sign-in on ends the sessions stamped before
          // it took effect, and one signed in with the password alone while it was being turned on is one.
          const issuedAt = Date.now();
          if (!credentials?.email || !credentials.password) return null;
          // The body is as the client sent it, JSON included: a field that is not text is a malformed
          // attempt, refused as a wrong one rather than thrown on.
          const { email, password, code } = credentials as Partial<Record<"email" | "password" | "code", unknown>>;
          if (typeof email !== "string" || typeof password !== "string" || (code !== undefined && typeof code !== "string")) return null;
          const user = await findUserByEmail(db(), email);
          if (!user) return verifyAgainstNobody(password).then(() => null);
          if (!(await verifyPassword(user.passwordHash, password))) return null;
          if (user.removedAt) throw new Error(REMOVED_MEMBER);
          if (user.status !== "active") throw new Error(ACCOUNT_DISABLED);
          // A member signs in to the account they belong to: a blocked account keeps its members out too.
          if (user.accountId !== user.id && (await findUserById(db(), user.accountId))?.status !== "active") throw new Error(ACCOUNT_DISABLED);
          if (await hasTwoFactor(db(), user.id)) {
            if (!code?.trim()) throw new Error(CODE_REQUIRED);
            const refusal = await countSecondFactorCheck(user.id);
            if (refusal) throw new Error(refusal.message);
            if (!(await spendSecondFactor(db(), user.id, code))) throw new Error(WRONG_CODE);
          }
          await recordSignInAddress(db(), user.id, clientIpOfSignIn(req?.headers));
          return { id: user.id, email: user.email, name: user.name, role: user.role, issuedAt };
        },
      }),
    ],
    logger: {
      error(code, metadata) {
        // Any client can send a cookie that does not decrypt; a stack for each would flood the log.
        if (code === "JWT_SESSION_ERROR") {
          componentLogger("auth").warn("refused a session cookie that does not decrypt (forged, or signed before AUTH_SECRET changed)");
          return;
        }
        componentLogger("auth").error(
          { code, err: metadata instanceof Error ? metadata : (metadata as { error?: unknown })?.error },
          "next-auth reported an error",
        );
      },
    },
    callbacks: {
      // next-auth's own check parses the address unguarded: one that does not parse (a callbackUrl
      // anyone can send, or its cookie) answered 500 and logged a stack, where it now goes home.
      redirect({ url, baseUrl }) {
        if (url.startsWith("/")) return `${baseUrl}${url}`;
        return URL.canParse(url) && new URL(url).origin === baseUrl ? url : baseUrl;
      },
      jwt({ token, user }) {
        if (user) {
          token.uid = user.id;
          token.role = user.role;
          token.issuedAt = user.issuedAt;
          token.sid = randomUUID();
        }
        return token;
      },
      session({ session, token }) {
        session.user = { id: token.uid ?? "", email: token.email ?? "", name: token.name ?? "", role: token.role ?? "reseller" };
        session.issuedAt = token.issuedAt ?? 0;
        session.sessionId = token.sid ?? "";
        return session;
      },
    },
  };
}
