import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { requirePersonalPage } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { formatMoney } from "@/lib/money/money";
import { getPreferences } from "@/lib/notifications/preferences";
import { PreferencesForm } from "./preferences-form";

export const metadata: Metadata = { title: "Notification preferences" };

export default async function NotificationPreferencesPage() {
  const { account: user } = await requirePersonalPage("notification_settings");
  const preferences = await getPreferences(db(), user.id);
  return (
    <>
      <PageHeader
        title="Notification preferences"
        description="Which notifications also come by email, and when your balance counts as low."
        action={
          <Link href="/notifications" className={buttonClasses("secondary")}>
            Notifications
          </Link>
        }
      />
      <Card>
        <CardBody>
          <PreferencesForm preferences={preferences} threshold={formatMoney(user.lowBalanceThreshold)} />
        </CardBody>
      </Card>
    </>
  );
}
