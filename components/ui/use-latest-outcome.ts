"use client";

import { useActionState, useState } from "react";

/**
 * useActionState for a form that also refuses some submissions in the browser: the form shows the
 * answer to its latest submission only. `supersede` is called when a newer attempt is refused (or
 * reviewed) before it reaches the server, and hides the previous answer, which would otherwise stand
 * as the outcome ("Balance adjusted" beside the new amount's error, or an old error beside a review).
 */
export function useLatestOutcome<S>(action: (previous: Awaited<S>, form: FormData) => Promise<Awaited<S>>, initial: Awaited<S>) {
  const [superseded, setSuperseded] = useState(false);
  const [state, dispatch, pending] = useActionState<S, FormData>(async (previous, form) => {
    const result = await action(previous, form);
    setSuperseded(false);
    return result;
  }, initial);
  return { state: superseded ? initial : state, dispatch, pending, supersede: () => setSuperseded(true) };
}
