import type { MemberRole } from "@/lib/db/schema";
import { can, refusalOf, type Capability } from "@/lib/teams/permissions";

const refusal = (status: number, text: string) =>
  new Response(`${text}\n`, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/**
 * The answer to a reseller's export without a reseller's session, in plain text, since a browser shows it
 * as is: 401 signed out; 403 for an admin, who is signed in but has none of their own, with where the
 * admin's export of the same is.
 */
export function resellersOnlyExport(what: string, signedIn: boolean, adminExport: string): Response {
  return signedIn
    ? refusal(403, `Only a reseller can export their own ${what}. As an admin, ${adminExport}.`)
    : refusal(401, `Sign in as a reseller to export ${what}.`);
}

/** The answer to an admin export without an admin's session: 401 signed out, 403 for a reseller, who is signed in but may not. */
export function adminsOnlyExport(what: string, signedIn: boolean): Response {
  return signedIn ? refusal(403, `Only an admin can export every reseller's ${what}.`) : refusal(401, `Sign in as an admin to export ${what}.`);
}

/** The answer to a reseller's export by a member whose role may not make it (403), or null when it may. */
export function memberExportRefusal(memberRole: MemberRole | null, capability: Capability): Response | null {
  return memberRole && !can(memberRole, capability) ? refusal(403, refusalOf(memberRole)) : null;
}
