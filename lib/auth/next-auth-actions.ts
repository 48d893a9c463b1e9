/**
 * What the route at /api/auth/<action>/<provider> does with a call:
 * - `next-auth`: next-auth answers it as it is (the CSRF token, the providers its client's signIn reads);
 * - `session`: next-auth describes the session, while it stands;
 * - `sign-in`: the credentials sign-in, counted per client IP first;
 * - `sign-out`: next-auth's sign-out, which ends the session on the server as the panel's does;
 * - `login-page`: where next-auth would show its own sign-in or error page, the panel's login page.
 */
export type NextAuthUse = "next-auth" | "session" | "sign-in" | "sign-out" | "login-page";

export type NextAuthAnswer = { use: NextAuthUse } | { refuse: "not_found" } | { refuse: "method_not_allowed"; allow: string };

/**
 * By action (and provider, for a callback). Everything else next-auth would serve is refused: its own
 * HTML pages (sign-out, verify-request), and the endpoints the panel never calls (session updates,
 * OAuth and email sign-in, the client logger, which writes anything posted to the server's log).
 */
const OFFERED = new Map<string, Partial<Record<string, NextAuthUse>>>([
  ["csrf", { GET: "next-auth" }],
  ["providers", { GET: "next-auth" }],
  ["session", { GET: "session" }],
  ["callback/credentials", { POST: "sign-in" }],
  ["signout", { POST: "sign-out" }],
  ["signin", { GET: "login-page" }],
  ["error", { GET: "login-page" }],
]);

/**
 * next-auth takes the action and the provider from the path's first two segments and ignores any after
 * them, so /session/x is the session and /callback/credentials/x a sign-in: they are read the same here,
 * or such a path would get past the checks in front of next-auth.
 */
export function nextAuthAnswer(method: string, segments: readonly string[]): NextAuthAnswer {
  const [action, provider] = segments;
  const methods = OFFERED.get(action === "callback" ? `${action}/${provider}` : action);
  // HEAD is answered from GET, as Next does for every route.
  const asked = method === "HEAD" ? "GET" : method;
  const use = methods && Object.hasOwn(methods, asked) ? methods[asked] : undefined;
  if (use) return { use };
  return methods ? { refuse: "method_not_allowed", allow: Object.keys(methods).join(", ") } : { refuse: "not_found" };
}
