import { apiHandler } from "@/lib/api/handler";
import { listOrderMessages, postOrderMessage } from "@/lib/api/operations/orders";
import { getOrder } from "@/lib/orders/list-orders";
import { toMessageRecord } from "@/lib/orders/message-record";
import { pageOrderMessages, postOrderMessage as writeMessage } from "@/lib/orders/messages";

// GET /api/v2/orders/{orderId}/messages - the chat of a manual order, newest first, a page at a time
export const GET = apiHandler(listOrderMessages, async ({ db, caller, params, query }) => {
  const order = await getOrder(db, caller.userId, params.orderId);
  const page = await pageOrderMessages(db, order, query);
  return { data: page.data.map(toMessageRecord), next_cursor: page.nextCursor };
});

// POST /api/v2/orders/{orderId}/messages - a message from the reseller to the supplier
export const POST = apiHandler(postOrderMessage, async ({ db, caller, params, body }) => {
  const order = await getOrder(db, caller.userId, params.orderId);
  return toMessageRecord(await writeMessage(db, { order, author: "reseller", authorId: caller.userId, text: body.text }));
});
