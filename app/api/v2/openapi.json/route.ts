import { documentOrigin, servedOpenApiDocument } from "@/lib/api/openapi/served";
import { currentRequestId } from "@/lib/observability/request-context";

// GET /api/v2/openapi.json - the OpenAPI 3.1 document, generated from the operations' zod schemas; no auth.
//
// Not `dynamic = "force-static"`: a prerendered response would replay the X-Request-Id of the build for
// every request, and the document's server is the origin of each request.
export function GET(request: Request): Response {
  return Response.json(servedOpenApiDocument(documentOrigin(request.headers)), {
    headers: { "Cache-Control": "public, max-age=300", "X-Request-Id": currentRequestId() },
  });
}
