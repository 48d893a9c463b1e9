import { currentRequestId } from "@/lib/observability/request-context";
import type { Db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { MAX_WEBHOOK_BYTES, receiveSupplierWebhook } from "@/lib/fulfilment/supplier-webhook";
import { answerHeaders, answerResponse } from "./answer";
import { errorResponse, toAppError } from "./errors";
import { componentLogger } from "@/lib/observability/logger";

/**
 * The route's whole work: read the body (bounded), receive it, answer 200 `{"received": true}` or the
 * API's JSON error with X-Request-Id. Unauthenticated by key: the signature is the authentication.
 */
export async function supplierWebhookResponse(db: Db, request: Request, supplierId: string): Promise<Response> {
  const requestId = currentRequestId();
  try {
    const declared = Number(request.headers.get("content-length") ?? "0");
    if (declared > MAX_WEBHOOK_BYTES) throw new AppError("payload_too_large", `The body is over ${MAX_WEBHOOK_BYTES / 1024} KiB.`);
    const body = new Uint8Array(await request.arrayBuffer());
    await receiveSupplierWebhook(db, { supplierId, headers: request.headers, body });
    return answerResponse({ status: 200, headers: answerHeaders(requestId), body: { received: true } });
  } catch (error) {
    const { appError, unexpected } = toAppError(error);
    if (unexpected)
      componentLogger("suppliers").error({ err: error, request_id: requestId, supplier_id: supplierId }, "a supplier webhook failed unexpectedly");
    return errorResponse(appError, requestId);
  }
}
