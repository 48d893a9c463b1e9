import { cx } from "@/components/ui/cx";
import { PendingLink } from "@/components/ui/pending-link";
import { formatDateTime } from "@/lib/panel/format";

export interface ChatMessage {
  message_id: string;
  author: "reseller" | "supplier";
  text: string;
  created_at: string;
}

/**
 * A manual order's chat, oldest first; the viewer's own messages sit on the right. `earlierHref`, when
 * earlier messages are left out, is the link that shows them.
 */
export function ChatMessages({
  messages,
  viewer,
  earlierHref,
  supplierLabel = "Supplier",
}: {
  messages: ChatMessage[];
  viewer: "reseller" | "supplier";
  earlierHref?: string | null;
  /** What the other side of the reseller is called: the supplier of a manual order, support in a claim. */
  supplierLabel?: string;
}) {
  if (messages.length === 0) {
    return <p className="py-4 text-center text-sm text-slate-500">No messages yet.</p>;
  }
  return (
    // Below the phone header when the link lands here (#chat).
    <div id="chat" className="scroll-mt-20 space-y-3 lg:scroll-mt-6">
      {earlierHref ? (
        <p className="text-center">
          <PendingLink href={earlierHref} className="inline-flex min-h-6 items-center text-sm font-medium text-brand-600 hover:text-brand-700">
            Show earlier messages
          </PendingLink>
        </p>
      ) : null}
      <ol className="space-y-3" aria-label="Messages">
        {messages.map((message) => {
          const own = message.author === viewer;
          return (
            <li key={message.message_id} data-testid="chat-message" data-author={message.author} className={cx("flex", own ? "justify-end" : "justify-start")}>
              <div
                className={cx(
                  "max-w-[85%] rounded-2xl px-3.5 py-2 sm:max-w-[75%]",
                  own ? "rounded-br-sm bg-brand-600 text-white" : "rounded-bl-sm bg-slate-100 text-slate-900",
                )}
              >
                <p className={cx("text-xs font-semibold", own ? "text-brand-100" : "text-slate-600")}>
                  {message.author === "supplier" ? supplierLabel : "Reseller"}
                </p>
                <p className="text-sm wrap-anywhere whitespace-pre-wrap">{message.text}</p>
                <p className={cx("mt-1 text-[11px]", own ? "text-brand-100" : "text-slate-600")}>{formatDateTime(message.created_at)}</p>
              </div>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
