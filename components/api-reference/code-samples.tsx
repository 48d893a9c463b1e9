"use client";

import { createContext, useContext, useState, type ReactNode } from "react";
import { codeSample, SAMPLE_LANGUAGES, type SampleLanguage } from "@/lib/api/openapi/code-samples";
import { requestExample } from "@/lib/api/openapi/examples";
import type { OpenApiMethod } from "@/lib/api/openapi/types";
import { operationOf } from "./lazy-content";
import { LOAD_FAILED, useDocumentWhenOpened } from "./lazy-details";

/*
 * The example requests: one language for the whole page, chosen in a bar that stays in view (a reader
 * writes one language, and 4 tabs on each of 57 operations would be a sixth of the page).
 */

const LanguageContext = createContext<{ language: SampleLanguage; choose: (language: SampleLanguage) => void }>({
  language: "curl",
  choose: () => undefined,
});

export function SampleLanguageProvider({ children }: { children: ReactNode }) {
  const [language, choose] = useState<SampleLanguage>("curl");
  return <LanguageContext.Provider value={{ language, choose }}>{children}</LanguageContext.Provider>;
}

export function SampleLanguagePicker() {
  const { language, choose } = useContext(LanguageContext);
  return (
    <div className="sticky top-0 z-10 -mx-1 flex flex-wrap items-center gap-x-2 border-b border-zinc-200 bg-slate-50 px-1 py-1 text-sm dark:border-zinc-800 dark:bg-zinc-950">
      <span id="sample-language-label" className="text-zinc-600 dark:text-zinc-400">
        Examples in
      </span>
      <div role="radiogroup" aria-labelledby="sample-language-label" className="flex flex-wrap gap-1">
        {SAMPLE_LANGUAGES.map((option) => (
          <button key={option.id} type="button" role="radio" aria-checked={option.id === language} onClick={() => choose(option.id)} className="ref-tab">
            {option.label}
          </button>
        ))}
      </div>
    </div>
  );
}

/**
 * One operation's example request, collapsed: written in the browser, in the page's language, from the
 * OpenAPI document fetched when first opened, so the page carries none of the 4 samples of its operations.
 */
export function SampleDetails({ operationId, path, method }: { operationId: string; path: string; method: OpenApiMethod }) {
  const { language } = useContext(LanguageContext);
  const { document, failed, opened, onToggle } = useDocumentWhenOpened();
  const [copied, setCopied] = useState(false);
  const label = SAMPLE_LANGUAGES.find((option) => option.id === language)!.label;
  const text = document
    ? codeSample(language, {
        origin: document.servers[0]?.url ?? window.location.origin,
        operationId,
        request: requestExample(document, path, method, operationOf(document, operationId)),
      })
    : null;
  const copy = () => {
    if (text === null) return;
    navigator.clipboard.writeText(text).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <details onToggle={onToggle}>
      <summary>Example request</summary>
      {opened ? (
        <div className="ref-sample">
          <pre tabIndex={0} aria-label={`Example request for ${operationId} in ${label}`} aria-busy={text === null && !failed} className="ref-pre">
            {failed ? LOAD_FAILED : (text ?? "Loading…")}
          </pre>
          {text !== null ? (
            <button type="button" onClick={copy} onBlur={() => setCopied(false)} className="ref-copy">
              {copied ? "Copied" : `Copy ${label}`}
            </button>
          ) : null}
        </div>
      ) : null}
    </details>
  );
}
