import type { ApiScope } from "@/lib/api-keys/scopes";
import { RefusedCaller } from "@/lib/auth/refused-caller";

/**
 * The refusal of a call whose key (or session) lacks the scope its operation needs: 403 forbidden,
 * naming the scope in the message and in `details.scope`, so an integrator knows which key to make.
 */
export function scopeRefusal(scope: ApiScope, operationId: string, withKey: boolean, rateLimitSubject: string): RefusedCaller {
  const message = withKey
    ? `This API key lacks the ${scope} scope, which ${operationId} needs; use a key created with ${scope}.`
    : `Your role does not allow ${scope}, which ${operationId} needs.`;
  return new RefusedCaller("forbidden", message, rateLimitSubject, { scope });
}
