import type { ReactNode } from "react";
import { navFor } from "@/components/panel/nav-config";
import { PanelShell } from "@/components/panel/panel-shell";
import { requireUser } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { formatMoney } from "@/lib/money/money";
import { countUnread } from "@/lib/notifications/list-notifications";

// Every panel page reads the session and the database: nothing here is prerendered at build time.
export const dynamic = "force-dynamic";

export default async function PanelLayout({ children }: { children: ReactNode }) {
  const user = await requireUser();
  const unread = await countUnread(db(), user.id);
  return (
    <PanelShell
      sections={navFor(user.role)}
      user={{ email: user.email, name: user.name, role: user.role, balance: user.role === "reseller" ? formatMoney(user.balance) : undefined, unread }}
    >
      {children}
    </PanelShell>
  );
}
