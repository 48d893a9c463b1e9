import { apiHandler } from "@/lib/api/handler";
import { listOrderMessagesOp, postOrderMessageOp } from "@/lib/api/operations/orders";
import { getOrder } from "@/lib/orders/list-orders";
import { toMessageRecord } from "@/lib/orders/message-record";
import { pageOrderMessages, postOrderMessage } from "@/lib/orders/messages";

// GET /api/v2/orders/{orderId}/messages - the chat of a manual order, newest first, a page at a time
export const GET = apiHandler(listOrderMessagesOp, async ({ db, caller, params, query }) => {
  const order = await getOrder(db, caller.userId, params.orderId);
  const page = await pageOrderMessages(db, order, query);
  return { data: page.data.map(toMessageRecord), next_cursor: page.nextCursor };
});

// POST /api/v2/orders/{orderId}/messages - a message from the reseller to the supplier
export const POST = apiHandler(postOrderMessageOp, async ({ db, caller, params, body }) => {
  const order = await getOrder(db, caller.userId, params.orderId);
  return toMessageRecord(await postOrderMessage(db, { order, author: "reseller", authorId: caller.userId, text: body.text }));
});
