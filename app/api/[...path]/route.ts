import { currentRequestId } from "@/lib/observability/request-context";
import { errorResponse } from "@/lib/api/errors";
import { AppError } from "@/lib/errors/app-error";

// Any /api path no route serves: the JSON error body, never an HTML page.
function unknownPath(request: Request): Response {
  const { pathname } = new URL(request.url);
  return errorResponse(new AppError("not_found", `No API endpoint at ${request.method} ${pathname}. See /api/v2/openapi.json.`), currentRequestId());
}

// OPTIONS and HEAD too: Next's own answer to them would be a 204 that allows every method.
export {
  unknownPath as GET,
  unknownPath as HEAD,
  unknownPath as POST,
  unknownPath as PUT,
  unknownPath as PATCH,
  unknownPath as DELETE,
  unknownPath as OPTIONS,
};
