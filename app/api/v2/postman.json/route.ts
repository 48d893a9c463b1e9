import { documentOrigin, postmanCollectionFor } from "@/lib/api/openapi/served";
import { currentRequestId } from "@/lib/observability/request-context";

// GET /api/v2/postman.json - a Postman Collection v2.1 of the API, made from the OpenAPI document; no auth.
// Import it in Postman, set the apiKey variable, send.
export function GET(request: Request): Response {
  return Response.json(postmanCollectionFor(documentOrigin(request.headers)), {
    headers: {
      "Cache-Control": "public, max-age=300",
      "Content-Disposition": 'inline; filename="reseller-api.postman_collection.json"',
      "X-Request-Id": currentRequestId(),
    },
  });
}
