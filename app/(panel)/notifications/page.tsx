import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { buttonClasses } from "@/components/ui/button";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { CursorPager } from "@/components/ui/cursor-pager";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { requirePersonalPage } from "@/lib/auth/session";
import { can } from "@/lib/teams/permissions";
import { db } from "@/lib/db/client";
import { isIdOf } from "@/lib/ids/ids";
import { KIND_INFO } from "@/lib/notifications/kinds";
import { countUnread, listNotifications } from "@/lib/notifications/list-notifications";
import { formatDateTime } from "@/lib/panel/format";
import { MarkAllReadButton, MarkReadButton } from "./read-buttons";

export const metadata: Metadata = { title: "Notifications" };

const PAGE_SIZE = 25;

export default async function NotificationsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { account: user, memberRole } = await requirePersonalPage("profile");
  const { cursor: rawCursor } = await searchParams;
  // A cursor that is not a notification id (edited by hand) shows the newest page rather than an error.
  const cursor = typeof rawCursor === "string" && isIdOf("ntf", rawCursor) ? rawCursor : undefined;
  const [page, unread] = await Promise.all([listNotifications(db(), user.id, { cursor, limit: PAGE_SIZE }), countUnread(db(), user.id)]);

  return (
    <>
      <PageHeader
        title="Notifications"
        description={unread === 0 ? "Everything is read." : `${unread} unread.`}
        action={
          <>
            {unread > 0 ? <MarkAllReadButton /> : null}
            {!memberRole || can(memberRole, "notification_settings") ? (
              <Link href="/notifications/preferences" className={buttonClasses("secondary")}>
                Preferences
              </Link>
            ) : null}
          </>
        }
      />
      <Card>
        {page.data.length === 0 ? (
          <EmptyState title={cursor ? "No older notifications" : "No notifications yet"}>
            Webhook trouble, a low balance, failed orders, top-ups, your subscription, security events and announcements show up here.
          </EmptyState>
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="notification-list">
            {page.data.map((n) => (
              <li
                key={n.id}
                className={`flex flex-wrap gap-x-3 gap-y-1 px-4 py-4 sm:flex-nowrap sm:px-6 ${n.read ? "" : "bg-brand-50/40"}`}
                data-testid="notification"
                data-read={n.read}
              >
                <span aria-hidden="true" className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${n.read ? "bg-transparent" : "bg-brand-600"}`} />
                <div className="min-w-0 flex-1 basis-[calc(100%-1.25rem)] sm:basis-auto">
                  <div className="flex flex-wrap items-center gap-2">
                    <p className={`text-sm wrap-anywhere ${n.read ? "text-slate-700" : "font-semibold text-slate-900"}`}>{n.title}</p>
                    <Badge tone={KIND_INFO[n.kind].mandatory ? "amber" : "neutral"}>{KIND_INFO[n.kind].label}</Badge>
                    {n.read ? null : <span className="sr-only">(unread)</span>}
                  </div>
                  <p className="mt-1 text-sm wrap-anywhere text-slate-600">{n.body}</p>
                  <p className="mt-1 flex flex-wrap gap-x-3 text-xs text-slate-500">
                    <time dateTime={n.createdAt.toISOString()}>{formatDateTime(n.createdAt)}</time>
                    {n.link ? (
                      <Link href={n.link} className="font-medium text-brand-700 hover:underline">
                        Open
                      </Link>
                    ) : null}
                  </p>
                </div>
                {n.read ? null : <MarkReadButton id={n.id} />}
              </li>
            ))}
          </ul>
        )}
        <CursorPager newestHref={cursor ? "/notifications" : null} olderHref={page.nextCursor ? `/notifications?cursor=${page.nextCursor}` : null} />
      </Card>
    </>
  );
}
