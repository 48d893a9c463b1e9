"use client";

import { lazy, Suspense, type ComponentProps } from "react";

const SandboxTransferForm = lazy(() => import("./sandbox-transfer-form").then((form) => ({ default: form.SandboxTransferForm })));

/**
 * The sandbox chain's transfer form, its code fetched only where the page shows it: with
 * CHAIN_PROVIDER=sandbox (the demo, development, tests), never on a panel that watches TRON.
 */
export function LazySandboxTransferForm(props: ComponentProps<typeof SandboxTransferForm>) {
  return (
    <Suspense>
      <SandboxTransferForm {...props} />
    </Suspense>
  );
}
