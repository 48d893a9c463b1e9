"use client";

import { useRouter, useSearchParams } from "next/navigation";
import { createContext, use, useTransition, type ComponentProps, type FormEvent } from "react";
import { Spinner } from "./spinner";

const Pending = createContext(false);

/**
 * A GET form for a list's filters or search: without JavaScript the browser submits it as it is;
 * with it, the filtered page is fetched inside a transition, whose pending state FilterPending shows.
 * next/form navigates outside any transition of ours, and useFormStatus only follows forms whose
 * action is a function, so neither could tell that the next page is still on its way.
 */
export function FilterForm({ action, children, ...props }: Omit<ComponentProps<"form">, "action" | "method" | "onSubmit"> & { action: string }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  // A client navigation keeps the fields, and what was chosen in them, though "Clear" or a tab asks for
  // other values: keyed by the query shown, they start again from the page's own values.
  const shown = useSearchParams().toString();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const query = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter)) {
      if (typeof value === "string") query.append(name, value);
    }
    startTransition(() => router.push(`${action}?${query}`));
  }

  return (
    <form {...props} key={shown} method="get" action={action} onSubmit={submit} aria-busy={pending || undefined}>
      <Pending value={pending}>{children}</Pending>
    </form>
  );
}

/** Inside a FilterForm's submit button: a spinner there until the filtered page arrives. */
export function FilterPending() {
  return use(Pending) ? <Spinner /> : null;
}
