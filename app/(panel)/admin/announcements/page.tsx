import type { Metadata } from "next";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { requireAdmin } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { listAnnouncements } from "@/lib/notifications/announce";
import { formatDateTime } from "@/lib/panel/format";
import { AnnouncementForm } from "./announcement-form";

export const metadata: Metadata = { title: "Announcements" };

export default async function AnnouncementsPage() {
  await requireAdmin();
  const sent = await listAnnouncements(db());
  return (
    <>
      <PageHeader title="Announcements" description="Write to every reseller: maintenance windows, new products." />
      <div className="space-y-6">
        <Card>
          <CardHeader title="New announcement" />
          <CardBody>
            <AnnouncementForm />
          </CardBody>
        </Card>
        <Card>
          <CardHeader title="Sent" />
          {sent.length === 0 ? (
            <EmptyState title="No announcements yet" />
          ) : (
            <ul className="divide-y divide-slate-100">
              {sent.map((a) => (
                <li key={a.id} className="px-4 py-4 sm:px-6">
                  <p className="text-sm font-semibold wrap-anywhere text-slate-900">{a.title}</p>
                  <p className="mt-1 text-sm whitespace-pre-line wrap-anywhere text-slate-600">{a.body}</p>
                  <p className="mt-1 text-xs text-slate-500">
                    {formatDateTime(a.createdAt)} · to {a.recipients} {a.recipients === 1 ? "reseller" : "resellers"}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </>
  );
}
