import { redirect } from "next/navigation";
import { homeOf, navFor } from "@/components/panel/nav-config";
import { getSignedIn } from "@/lib/auth/session";

export const dynamic = "force-dynamic";

/**
 * The front door: a reseller's member to the first page their role opens (the dashboard for most),
 * admins to the reseller list, everyone else to sign-in.
 */
export default async function Home() {
  const signedIn = await getSignedIn();
  if (!signedIn) redirect("/login");
  redirect(homeOf(navFor(signedIn.memberRole)));
}
