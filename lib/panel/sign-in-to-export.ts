/** The answer to an export without a reseller's session: plain text, since a browser shows it as is. */
export function signInToExport(what: string): Response {
  return new Response(`Sign in as a reseller to export ${what}.\n`, {
    status: 401,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
