import type { Metadata } from "next";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { requireAdmin } from "@/lib/auth/session";
import { config } from "@/lib/config/env";
import { db } from "@/lib/db/client";
import { OUTBOX_PAGE_SIZE, listOutbox, textWithLinks } from "@/lib/mail/outbox";
import { formatDateTime } from "@/lib/panel/format";

export const metadata: Metadata = { title: "Outbox" };

const STATUS = {
  kept: { label: "Kept here", tone: "blue" },
  sent: { label: "Sent", tone: "green" },
  queued: { label: "Waiting to send", tone: "amber" },
} as const;

export default async function OutboxPage() {
  await requireAdmin();
  const smtp = Boolean(config().SMTP_URL);
  const messages = await listOutbox(db());
  return (
    <>
      <PageHeader
        title="Outbox"
        description={
          smtp
            ? `Mail goes out through the SMTP server (SMTP_URL): the latest ${OUTBOX_PAGE_SIZE}, and whether each has gone. A sent mail's text is not kept.`
            : `No SMTP server is configured (SMTP_URL), so the mail the panel sends is kept here instead: password resets, address confirmations and the rest. The latest ${OUTBOX_PAGE_SIZE}.`
        }
      />
      {messages.length === 0 ? (
        <EmptyState title="No mail yet">A forgot-password request or a new account&apos;s confirmation shows up here.</EmptyState>
      ) : (
        <div className="space-y-3" data-testid="outbox">
          {messages.map((message) => (
            <Card key={message.id}>
              <CardBody>
                <details data-testid="outbox-message">
                  <summary className="cursor-pointer list-none">
                    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                      <span className="font-medium wrap-anywhere text-slate-900">{message.subject}</span>
                      <span className="text-xs text-slate-500">{formatDateTime(message.createdAt)}</span>
                    </div>
                    <div className="mt-1 flex flex-wrap items-center gap-2 text-sm wrap-anywhere text-slate-600">
                      To {message.toAddress} <Badge tone={STATUS[message.status].tone}>{STATUS[message.status].label}</Badge>
                    </div>
                  </summary>
                  {message.status === "sent" ? (
                    <p className="mt-3 text-sm text-slate-500">
                      Sent through SMTP{message.sentAt ? ` at ${formatDateTime(message.sentAt)}` : ""}; its text is not kept.
                    </p>
                  ) : (
                    <pre className="mt-3 rounded-lg bg-slate-50 p-3 font-sans text-sm whitespace-pre-wrap wrap-anywhere text-slate-800">
                      {textWithLinks(message.textBody).map((part, index) =>
                        part.link ? (
                          <a key={index} href={part.text} className="font-medium text-brand-600 underline hover:text-brand-700">
                            {part.text}
                          </a>
                        ) : (
                          part.text
                        ),
                      )}
                    </pre>
                  )}
                </details>
              </CardBody>
            </Card>
          ))}
        </div>
      )}
    </>
  );
}
