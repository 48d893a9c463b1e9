import { unstable_rethrow } from "next/navigation";
import { ZodError } from "zod";
import { AppError, type ValidationIssue } from "@/lib/errors/app-error";
import type { ActionState } from "./action-state";
import { componentLogger } from "@/lib/observability/logger";

function fieldErrorsOf(issues: ValidationIssue[], rename: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = rename[issue.path] ?? issue.path ?? "";
    if (key && !out[key]) out[key] = issue.message;
  }
  return out;
}

/**
 * Postgres refuses a NUL in text (22021) and `\u0000` in jsonb (22P05). The API refuses such input up
 * front; the panel's forms pass it on, so the refusal comes back from the database instead.
 */
function isUnstorableText(error: unknown): boolean {
  const code = (error as { cause?: { code?: unknown } } | null)?.cause?.code ?? (error as { code?: unknown } | null)?.code;
  return code === "22021" || code === "22P05";
}

/**
 * Runs a server action's work and turns the errors a user can fix (AppError, ZodError) into a
 * readable ActionState. Anything else is logged and reported as a generic failure, without details.
 */
export async function runAction<T>(
  work: () => Promise<ActionState<T>>,
  options: { field?: string; rename?: Record<string, string> } = {},
): Promise<ActionState<T>> {
  const rename = options.rename ?? {};
  try {
    return await work();
  } catch (error) {
    unstable_rethrow(error);
    if (error instanceof ZodError) {
      const issues = error.issues.map((i) => ({ path: options.field ?? i.path.join("."), message: i.message }));
      const fieldErrors = fieldErrorsOf(issues, rename);
      return { ok: false, message: issues[0]?.message ?? "Check the form and try again.", fieldErrors };
    }
    if (error instanceof AppError) {
      const issues = Array.isArray(error.details.issues) ? (error.details.issues as ValidationIssue[]) : [];
      const fieldErrors = fieldErrorsOf(issues, rename);
      return { ok: false, message: error.message, fieldErrors };
    }
    if (isUnstorableText(error)) return { ok: false, message: "Text must not contain a NUL character." };
    componentLogger("panel").error({ err: error }, "a panel action failed unexpectedly");
    return { ok: false, message: "Something went wrong. Try again in a moment." };
  }
}
