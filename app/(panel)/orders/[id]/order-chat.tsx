"use client";

import { startTransition, useActionState, useEffect, useState, type FormEvent } from "react";
import { ChatMessages, type ChatMessage } from "@/components/orders/chat-messages";
import { usePolling } from "@/components/panel/use-polling";
import { Alert } from "@/components/ui/alert";
import { TextAreaField } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import type { ActionState } from "@/lib/panel/action-state";
import { postResellerMessageAction } from "./actions";

interface MessagePage {
  data: ChatMessage[];
  next_cursor: string | null;
}

/** The latest messages of a chat as the server read them, how many it was asked for, and the link to more when earlier ones are left out. */
export interface ChatWindow {
  messages: ChatMessage[];
  size: number;
  earlierHref: string | null;
}

/**
 * The messages shown with those written since, in reading order. The API lists newest first, so this
 * reads pages until it reaches the newest message shown (one page, but for a burst of over 100 between
 * two reads), and keeps what it read from the oldest shown on: the window grows with new messages and
 * never drops one, so a refresh takes nothing away that was being read.
 */
async function withNewMessages(orderId: string, shown: ChatMessage[]): Promise<ChatMessage[]> {
  const oldestShown = shown[0]?.message_id ?? "";
  const newestShown = shown.at(-1)?.message_id ?? "";
  const read: ChatMessage[] = [];
  let cursor: string | null = null;
  do {
    const query = cursor ? `?limit=100&cursor=${encodeURIComponent(cursor)}` : "?limit=100";
    const response = await fetch(`/api/v2/orders/${encodeURIComponent(orderId)}/messages${query}`, {
      cache: "no-store",
      headers: { Accept: "application/json" },
    });
    if (!response.ok) throw new Error(`Messages answered ${response.status}`);
    const page = (await response.json()) as MessagePage;
    read.push(...page.data);
    cursor = page.next_cursor;
  } while (cursor && cursor > newestShown);
  const byId = new Map([...shown, ...read.filter((message) => message.message_id > oldestShown)].map((message) => [message.message_id, message]));
  return [...byId.values()].sort((a, b) => (a.message_id < b.message_id ? -1 : 1));
}

/**
 * A manual order's chat with the supplier, refreshed every few seconds while the order is open. A
 * larger window ("Show earlier messages") is a new chat (the page keys it by its size), started from
 * what the server read for it.
 */
export function OrderChat({ orderId, initial, live }: { orderId: string; initial: ChatWindow; live: boolean }) {
  const [text, setText] = useState("");
  const { data: messages, refresh } = usePolling({
    key: orderId,
    initial: initial.messages,
    load: (shown) => withNewMessages(orderId, shown),
    every: live ? 3000 : false,
  });
  // When the order closes, read the chat once more: the supplier's last words come just before.
  useEffect(() => {
    if (!live) void refresh();
  }, [live, refresh]);

  const [state, dispatch, pending] = useActionState<ActionState, FormData>(
    async (previous, form) => {
      const result = await postResellerMessageAction(previous, form);
      if (result.ok) {
        setText("");
        await refresh();
      }
      return result;
    },
    { ok: false },
  );

  function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    startTransition(() => dispatch(form));
  }

  return (
    <div className="space-y-4">
      <ChatMessages messages={messages} viewer="reseller" earlierHref={initial.earlierHref} />
      {live ? (
        <form onSubmit={send} className="space-y-3 border-t border-slate-100 pt-4" noValidate>
          <input type="hidden" name="orderId" value={orderId} />
          {!state.ok && state.message ? <Alert tone="error">{state.message}</Alert> : null}
          <TextAreaField
            id="chat-text"
            name="text"
            label="Message to the supplier"
            rows={3}
            maxLength={2000}
            mono={false}
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="Details the supplier asked for, or a question"
          />
          <SubmitButton pending={pending} pendingText="Sending…">
            Send message
          </SubmitButton>
        </form>
      ) : (
        <p className="border-t border-slate-100 pt-4 text-sm text-slate-500">This order is closed; the chat is read-only.</p>
      )}
    </div>
  );
}
