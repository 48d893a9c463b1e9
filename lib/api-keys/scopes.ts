import { z } from "zod";
import { API_SCOPES, SCOPE_DESCRIPTIONS, type ApiScope } from "./scope-names";

export { API_SCOPES, SCOPE_DESCRIPTIONS, type ApiScope };

const ALL_SCOPES: ReadonlySet<ApiScope> = new Set(API_SCOPES);

/** A key's scopes as a set, the form the hot path checks them in (one lookup per call). */
export function scopeSet(scopes: readonly ApiScope[]): ReadonlySet<ApiScope> {
  return scopes.length === API_SCOPES.length ? ALL_SCOPES : new Set(scopes);
}

/** A key's scopes as chosen: at least one, each known, each once, in the order of API_SCOPES. */
export const apiScopesSchema = z
  .array(z.enum(API_SCOPES, { error: `Must be one of ${API_SCOPES.join(", ")}.` }))
  .min(1, "Choose at least one scope.")
  .transform((scopes) => API_SCOPES.filter((scope) => scopes.includes(scope)));
