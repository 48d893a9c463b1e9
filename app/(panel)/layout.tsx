import type { ReactNode } from "react";
import { homeOf, navFor } from "@/components/panel/nav-config";
import { PanelShell } from "@/components/panel/panel-shell";
import { requireSignedIn } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { formatMoney } from "@/lib/money/money";
import { countUnread } from "@/lib/notifications/list-notifications";
import { can } from "@/lib/teams/permissions";

// Every panel page reads the session and the database: nothing here is prerendered at build time.
export const dynamic = "force-dynamic";

export default async function PanelLayout({ children }: { children: ReactNode }) {
  const { account, member, memberRole } = await requireSignedIn();
  const unread = await countUnread(db(), account.id);
  const sections = navFor(memberRole);
  // The person is shown (who is signed in); the balance is the account's, for the roles that read it.
  const showsBalance = memberRole !== null && can(memberRole, "balance_read");
  return (
    <PanelShell
      sections={sections}
      user={{
        email: member.email,
        name: member.name,
        role: memberRole ?? "admin",
        home: homeOf(sections),
        balance: showsBalance ? formatMoney(account.balance) : undefined,
        unread,
      }}
    >
      {children}
    </PanelShell>
  );
}
