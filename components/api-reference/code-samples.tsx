"use client";

import { createContext, useContext, useState, type ReactNode } from "react";
import { codeSample, SAMPLE_LANGUAGES, type SampleInput, type SampleLanguage } from "@/lib/api/openapi/code-samples";

/*
 * The example requests: one language for the whole page, chosen in a bar that stays in view (a reader
 * writes one language, and 4 tabs on each of 38 operations would be a sixth of the page). Each sample
 * is written here from the small RequestExample rather than sent as four finished texts: the page's
 * HTML then carries one sample per operation, not each of them twice (rendered and in the hydration data).
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

export function CodeSample({ input }: { input: SampleInput }) {
  const { language } = useContext(LanguageContext);
  const label = SAMPLE_LANGUAGES.find((option) => option.id === language)!.label;
  return (
    <div className="min-w-0">
      <h4 className="ref-h4">{`Example request (${label})`}</h4>
      <pre tabIndex={0} aria-label={`Example request for ${input.operationId} in ${label}`} className="ref-pre rounded-md">
        <code>{codeSample(language, input)}</code>
      </pre>
    </div>
  );
}
