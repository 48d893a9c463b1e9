/** What every panel server action hands back to its form: never a stack trace, only messages. */
export interface ActionState<T = undefined> {
  ok: boolean;
  /** A message for the whole form (success or failure). */
  message?: string;
  /** Messages per field name, from validation. */
  fieldErrors?: Record<string, string>;
  data?: T;
}

export const initialActionState: ActionState<never> = { ok: false };
