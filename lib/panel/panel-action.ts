import type { z } from "zod";
import { parseInput } from "@/lib/api/parse-input";
import { requireAdmin, requireReseller, requireUser } from "@/lib/auth/session";
import type { User } from "@/lib/db/schema";
import { AppError, type ValidationIssue } from "@/lib/errors/app-error";
import type { RateCategory } from "@/lib/ratelimit/categories";
import type { ActionState } from "./action-state";
import { spendPanelBudget } from "./panel-budget";
import { runAction } from "./run-action";

/*
 * The panel's counterpart of apiHandler: every server action states who may call it, what it counts
 * against the API's budgets, and the zod schema of its input, and gets the signed-in account and typed
 * input. The input is read as the API reads a body (lib/api/parse-input.ts): NUL, lone surrogates, deep
 * nesting and `__proto__` are refused the same way, then the schema judges it, so the panel reuses the
 * API's schemas instead of parsing FormData by hand.
 */

export type PanelRole = "reseller" | "admin" | "signed-in";

export interface PanelActionSpec<S extends z.ZodType> {
  role: PanelRole;
  /** Counted once the input parses, so a typo does not use up the budget. */
  budget?: { category: RateCategory; what: string };
  input: S;
  /** A form field's name for an issue's path, where the two differ. */
  rename?: Record<string, string>;
  /** Fields handed back with a refusal, so the form keeps what was typed (never a secret or a password). */
  echo?: readonly string[];
}

export interface PanelActionContext<I> {
  user: User;
  input: I;
}

export type PanelState<T> = ActionState<T> & { values?: Record<string, string> };

export const CHECK_FIELDS_MESSAGE = "Check the highlighted fields.";

/** How the account is found: the session's, in an action; tests hand their own. */
export type AccountOf = (role: PanelRole) => Promise<User>;

const sessionAccount: AccountOf = (role) => (role === "admin" ? requireAdmin() : role === "reseller" ? requireReseller() : requireUser());

/**
 * A form's fields as an object: text as text, a name sent more than once as a list; files (no action
 * takes one) and React's own `$ACTION_` fields, which a form sent without JavaScript carries, left out.
 */
export function formFields(form: FormData): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  for (const [name, value] of form.entries()) {
    if (typeof value !== "string" || name.startsWith("$ACTION")) continue;
    const before = fields[name];
    fields[name] = before === undefined ? value : Array.isArray(before) ? [...before, value] : [before, value];
  }
  return fields;
}

function fieldErrorsOf(issues: ValidationIssue[], rename: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = rename[issue.path] ?? issue.path;
    if (key && !out[key]) out[key] = issue.message;
  }
  return out;
}

function echoed(input: unknown, names: readonly string[] | undefined): Record<string, string> | undefined {
  if (!names || !input || typeof input !== "object") return undefined;
  const values: Record<string, string> = {};
  for (const name of names) {
    const value = (input as Record<string, unknown>)[name];
    values[name] = typeof value === "string" ? value : "";
  }
  return values;
}

/** The action's work under its spec, with the account found by `accountOf`: what panelAction runs, and what tests call. */
export async function runPanelAction<S extends z.ZodType, T>(
  spec: PanelActionSpec<S>,
  work: (context: PanelActionContext<z.output<S>>) => Promise<ActionState<T>>,
  raw: unknown,
  accountOf: AccountOf = sessionAccount,
): Promise<PanelState<T>> {
  const rename = spec.rename ?? {};
  const state: PanelState<T> = await runAction<T>(
    async () => {
      const user = await accountOf(spec.role);
      let input: z.output<S>;
      try {
        input = parseInput(spec.input, raw, "");
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== "validation_error") throw error;
        const issues = Array.isArray(error.details.issues) ? (error.details.issues as ValidationIssue[]) : [];
        const fieldErrors = fieldErrorsOf(issues, rename);
        return { ok: false, message: Object.keys(fieldErrors).length > 0 ? CHECK_FIELDS_MESSAGE : error.message, fieldErrors };
      }
      if (spec.budget) await spendPanelBudget(user.id, spec.budget.category, spec.budget.what);
      return work({ user, input });
    },
    { rename },
  );
  const values = state.ok ? undefined : echoed(raw, spec.echo);
  return values ? { ...state, values } : state;
}

/** A form's server action (useActionState hands it the previous state and the form). */
export function panelAction<S extends z.ZodType, T = undefined>(
  spec: PanelActionSpec<S>,
  work: (context: PanelActionContext<z.output<S>>) => Promise<ActionState<T>>,
): (previous: PanelState<T>, form: FormData) => Promise<PanelState<T>> {
  return async (_previous, form) => runPanelAction(spec, work, formFields(form));
}

/** A server action the page calls with arguments, given to the schema as one object of them. */
export function panelCall<S extends z.ZodType, T = undefined>(
  spec: PanelActionSpec<S>,
  work: (context: PanelActionContext<z.output<S>>) => Promise<ActionState<T>>,
): (input: z.input<S>) => Promise<PanelState<T>> {
  return async (input) => runPanelAction(spec, work, input);
}
