"use client";

import { useEffect, useState } from "react";
import type { RecipientSuggestion } from "@/lib/payments/sandbox-recipients";
import { searchRecipientsAction } from "./actions";

/** A pause in typing before the server is asked, so a fast typist sends one search, not one per key. */
const TYPING_PAUSE_MS = 200;

/**
 * The resellers to suggest for the typed text: those awaiting payment whose email holds it, then the
 * server's matches among all resellers. The server's answer for an older text is never shown.
 */
export function useRecipientSuggestions(text: string, awaiting: RecipientSuggestion[]): RecipientSuggestion[] {
  const [found, setFound] = useState<{ text: string; suggestions: RecipientSuggestion[] }>({ text: "", suggestions: [] });

  useEffect(() => {
    if (!text) return;
    let current = true;
    const timer = setTimeout(() => {
      searchRecipientsAction(text).then(
        (answer) => {
          if (current && answer.ok && answer.data) setFound({ text, suggestions: answer.data });
        },
        // A failed search leaves the suggestions as they were: the email can still be typed whole.
        () => undefined,
      );
    }, TYPING_PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [text]);

  const needle = text.toLowerCase();
  const first = awaiting.filter((suggestion) => suggestion.email.includes(needle));
  const rest = found.text === text ? found.suggestions.filter((suggestion) => !first.some((f) => f.email === suggestion.email)) : [];
  return [...first, ...rest];
}
