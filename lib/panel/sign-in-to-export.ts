const refusal = (status: number, text: string) =>
  new Response(`${text}\n`, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/** The answer to an export without a reseller's session: plain text, since a browser shows it as is. */
export function signInToExport(what: string): Response {
  return refusal(401, `Sign in as a reseller to export ${what}.`);
}

/** The answer to an admin export without an admin's session: 401 signed out, 403 for a reseller, who is signed in but may not. */
export function adminsOnlyExport(what: string, signedIn: boolean): Response {
  return signedIn ? refusal(403, `Only an admin can export every reseller's ${what}.`) : refusal(401, `Sign in as an admin to export ${what}.`);
}
