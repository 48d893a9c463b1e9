import { buildOpenApiDocument } from "@/lib/api/openapi/build";
import type { OpenApiDocument } from "@/lib/api/openapi/types";
import { operations } from "@/lib/api/operations";
import { currentRequestId } from "@/lib/observability/request-context";

// GET /api/v2/openapi.json - the OpenAPI 3.1 document, generated from the operations' zod schemas; no auth.
//
// Not `dynamic = "force-static"`: a prerendered response would replay the X-Request-Id of the build for
// every request. The builder is pure, so the document is built once per process and reused instead.
let document: OpenApiDocument | undefined;

export function GET(): Response {
  document ??= buildOpenApiDocument(operations);
  return Response.json(document, {
    headers: { "Cache-Control": "public, max-age=300", "X-Request-Id": currentRequestId() },
  });
}
