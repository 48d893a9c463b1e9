import { curlExamples } from "@/lib/api/openapi/curl-examples";
import { documentOrigin, servedOpenApiDocument } from "@/lib/api/openapi/served";
import { currentRequestId } from "@/lib/observability/request-context";

// GET /docs/curl - every operation's curl example as plain text, linked from /docs for a browser without
// JavaScript; no auth. Per request, not prerendered, for the same reasons as /api/v2/openapi.json.
export function GET(request: Request): Response {
  const origin = documentOrigin(request.headers);
  return new Response(curlExamples(servedOpenApiDocument(origin), origin), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=300", "X-Request-Id": currentRequestId() },
  });
}
