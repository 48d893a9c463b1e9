import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { buildOpenApiDocument } from "@/lib/api/openapi/build";
import { operations } from "@/lib/api/operations";
import type { Database } from "@/lib/db/client";
import { events, users, type User } from "@/lib/db/schema";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { HIDDEN_CHARACTER_MESSAGE } from "@/lib/text/hidden-characters";
import { buildEventBody } from "@/lib/webhooks/envelope";
import { undocumentedInDelivery } from "@/lib/webhooks/testing/documented";
import { completeManualOrder, failManualOrder, refundCompletedOrder } from "./manual-orders";
import { CHAT_WINDOW, latestOrderMessages, postOrderMessage } from "./messages";
import { placeOrder } from "./place-order";
import { toOrderRecord } from "./serialize";
import { dailySpend } from "./spend-stats";
import { resellerWithBalance, testAdmin, testProduct } from "./testing/helpers";

describe(`manual orders and their chat (${testDriver()})`, () => {
  let database: Database;
  let admin: User;
  beforeAll(async () => {
    database = await createTestDatabase();
    await ensureTariffs(database.db);
    admin = await testAdmin(database.db);
    await testProduct(database.db, {
      sku: "svc",
      category: "manual",
      fulfilment: "manual",
      listPrice: 15_000_000n,
      fields: [{ name: "details", label: "Details", required: true }],
    });
  });
  afterAll(async () => {
    await database.close();
  });

  const balanceOf = async (id: string) => (await database.db.select({ b: users.balance }).from(users).where(eq(users.id, id)))[0].b;

  it("stays processing until the admin completes it, with a chat in between", async () => {
    const user = await resellerWithBalance(database.db, 20_000_000n);
    const { order } = await placeOrder(database.db, { user, sku: "svc", quantity: 1, fields: { details: "recover account 77" }, source: "panel" });
    expect(order.status).toBe("processing");
    await postOrderMessage(database.db, { order, author: "reseller", authorId: user.id, text: "Any news?" });
    await postOrderMessage(database.db, {
      order,
      author: "supplier",
      authorId: "admin",
      text: "Please send the account email. ".repeat(5),
      waitingReply: true,
    });
    const { messages } = await latestOrderMessages(database.db, order, CHAT_WINDOW);
    expect(messages.map((m) => m.author)).toEqual(["reseller", "supplier"]);
    const chatEvents = (await database.db.select().from(events).where(eq(events.userId, user.id))).filter((e) => e.type.startsWith("manual_service"));
    expect(chatEvents.map((e) => e.type).sort()).toEqual(["manual_service.chat.message", "manual_service.chat.waiting_reply"]);
    expect(String(chatEvents[0].data.message_preview).length).toBeLessThanOrEqual(100);
    expect(chatEvents[0].data).toMatchObject({ order_id: order.id, type: "manual" });

    const done = await completeManualOrder(database.db, order.id, admin.id, { note: "Recovered; new password sent", codes: ["NEWPASS-1"] });
    expect(toOrderRecord(done)).toMatchObject({ status: "completed", delivery: { note: "Recovered; new password sent", items: [{ code: "NEWPASS-1" }] } });
    await expect(completeManualOrder(database.db, order.id, admin.id, { note: "again" })).rejects.toMatchObject({ code: "validation_error" });

    // Closed, its chat is read-only on both sides, as both panels show it.
    for (const author of ["reseller", "supplier"] as const) {
      await expect(postOrderMessage(database.db, { order, author, authorId: user.id, text: "One more thing" })).rejects.toMatchObject({
        code: "order_closed",
        details: { order_id: order.id, status: "completed" },
      });
    }
    expect((await latestOrderMessages(database.db, order, CHAT_WINDOW)).messages).toHaveLength(2);

    await refundCompletedOrder(database.db, order.id, admin.id, "customer changed their mind");
    expect(await balanceOf(user.id)).toBe(20_000_000n);

    // Every event of the order, with the body a delivery of it would carry, is what the OpenAPI document describes.
    const document = buildOpenApiDocument(operations);
    const recorded = await database.db.select().from(events).where(eq(events.userId, user.id)).orderBy(events.createdAt);
    expect(recorded.map((e) => e.type)).toEqual(
      expect.arrayContaining(["order.created", "manual_service.chat.message", "manual_service.chat.waiting_reply", "order.status_changed"]),
    );
    for (const event of recorded) {
      expect(
        undocumentedInDelivery(document, { headers: {}, body: await buildEventBody(database.db, event) }).filter((p) => !p.startsWith("header")),
        event.type,
      ).toEqual([]);
    }
  });

  it("a supplier message's preview is cut between characters, never inside one", async () => {
    const user = await resellerWithBalance(database.db, 20_000_000n);
    const { order } = await placeOrder(database.db, { user, sku: "svc", quantity: 1, fields: { details: "x" }, source: "api" });
    // The emoji is two UTF-16 units, at units 98 and 99: a cut at 99 units would split it.
    const text = "a".repeat(98) + "😀 and more after the cut";
    await postOrderMessage(database.db, { order, author: "supplier", authorId: "admin", text });
    const [event] = await database.db
      .select()
      .from(events)
      .where(and(eq(events.userId, user.id), eq(events.type, "manual_service.chat.message")));
    expect(event.data.message_preview).toBe("a".repeat(98) + "😀…");
    expect(Array.from(String(event.data.message_preview))).toHaveLength(100);

    // The 2000-character limit counts an emoji as one character.
    await postOrderMessage(database.db, { order, author: "reseller", authorId: user.id, text: "a".repeat(1999) + "😀" });
    await expect(postOrderMessage(database.db, { order, author: "reseller", authorId: user.id, text: "a".repeat(2000) + "😀" })).rejects.toMatchObject({
      code: "validation_error",
    });
  });

  it("failing it returns the charge; chat needs text and a manual order", async () => {
    const user = await resellerWithBalance(database.db, 20_000_000n);
    const { order } = await placeOrder(database.db, { user, sku: "svc", quantity: 1, fields: { details: "x" }, source: "api" });
    await expect(postOrderMessage(database.db, { order, author: "reseller", authorId: user.id, text: "  " })).rejects.toMatchObject({
      code: "validation_error",
    });
    // The issue's message is the same sentence: an integrator shows details.issues to its user as every other refusal's.
    await expect(postOrderMessage(database.db, { order, author: "reseller", authorId: user.id, text: "\u200b" })).rejects.toMatchObject({
      message: "Write a message.",
      details: { issues: [{ path: "text", message: "Write a message." }] },
    });
    await expect(postOrderMessage(database.db, { order, author: "reseller", authorId: user.id, text: "reads \u202ebackwards" })).rejects.toMatchObject({
      message: "Messages must not contain control characters or direction overrides.",
      details: { issues: [{ path: "text", message: "Messages must not contain control characters or direction overrides." }] },
    });
    await postOrderMessage(database.db, { order, author: "reseller", authorId: user.id, text: "Two lines:\nשלום 👋" });
    await expect(failManualOrder(database.db, order.id, admin.id, "")).rejects.toThrow("Give the reseller a reason.");
    await failManualOrder(database.db, order.id, admin.id, "Cannot be done for this region");
    expect(await balanceOf(user.id)).toBe(20_000_000n);
    await expect(postOrderMessage(database.db, { order, author: "reseller", authorId: user.id, text: "Why?" })).rejects.toMatchObject({
      code: "order_closed",
      details: { status: "failed" },
    });
  });

  it("refuses a delivery or a reason the reseller would read otherwise than the admin wrote it", async () => {
    const user = await resellerWithBalance(database.db, 20_000_000n);
    const { order } = await placeOrder(database.db, { user, sku: "svc", quantity: 1, fields: { details: "x" }, source: "api" });
    const refused = async (attempt: Promise<unknown>, message: string) => {
      const error = await attempt.then(
        () => null,
        (thrown: unknown) => thrown,
      );
      expect(error).toBeInstanceOf(ZodError);
      expect((error as ZodError).issues[0].message).toBe(message);
    };
    // Shown as "live" in the panel, and sent to integrators with the override in it.
    await refused(
      completeManualOrder(database.db, order.id, admin.id, { note: "Done", codes: ["GOOD-1", "\u202eevil"] }),
      "Code 2 holds a control, direction or invisible character.",
    );
    await refused(
      completeManualOrder(database.db, order.id, admin.id, { note: "Done", codes: ["TAB\tCODE"] }),
      "Code 1 holds a control, direction or invisible character.",
    );
    await refused(completeManualOrder(database.db, order.id, admin.id, { note: "Done", codes: ["C".repeat(201)] }), "Code 1 is over 200 characters.");
    await refused(completeManualOrder(database.db, order.id, admin.id, { note: "   " }), "Say what was delivered.");
    await refused(completeManualOrder(database.db, order.id, admin.id, { note: "n".repeat(501) }), "Use at most 500 characters.");
    await refused(completeManualOrder(database.db, order.id, admin.id, { note: "Sent\u0007" }), HIDDEN_CHARACTER_MESSAGE);
    await refused(failManualOrder(database.db, order.id, admin.id, "r".repeat(501)), "Use at most 500 characters.");
    await refused(failManualOrder(database.db, order.id, admin.id, "no \u200b"), HIDDEN_CHARACTER_MESSAGE);

    // Emoji count as one character each, and blank lines between codes are no codes.
    const done = await completeManualOrder(database.db, order.id, admin.id, { note: `${"😀".repeat(500)}`, codes: ["", " LOGIN user@mail PASS 1 ", ""] });
    expect(toOrderRecord(done).delivery).toMatchObject({ items: [{ code: "LOGIN user@mail PASS 1" }] });
    await refused(refundCompletedOrder(database.db, order.id, admin.id, "\u202eevil"), HIDDEN_CHARACTER_MESSAGE);
    expect(await balanceOf(user.id)).toBe(5_000_000n);
  });

  it("answers not found for text that cannot be an order id, whichever the action", async () => {
    for (const id of ["ord_doesnotexist", "", "ord_" + "0".repeat(25) + "\u0000"]) {
      await expect(refundCompletedOrder(database.db, id, admin.id, "customer changed their mind")).rejects.toMatchObject({ code: "not_found" });
      await expect(completeManualOrder(database.db, id, admin.id, { note: "Done" })).rejects.toMatchObject({ code: "not_found" });
      await expect(failManualOrder(database.db, id, admin.id, "no")).rejects.toMatchObject({ code: "not_found" });
    }
  });

  it("daily spend counts orders that were not failed, with empty days as zero", async () => {
    const user = await resellerWithBalance(database.db, 50_000_000n);
    await placeOrder(database.db, { user, sku: "svc", quantity: 1, fields: { details: "a" }, source: "api" });
    const { order } = await placeOrder(database.db, { user, sku: "svc", quantity: 1, fields: { details: "b" }, source: "api" });
    await failManualOrder(database.db, order.id, admin.id, "no");
    const spend = await dailySpend(database.db, user.id, 30);
    expect(spend).toHaveLength(30);
    expect(spend[29]).toEqual({ day: new Date().toISOString().slice(0, 10), total: 15_000_000n });
    expect(spend.slice(0, 29).every((d) => d.total === 0n)).toBe(true);
  });
});
