import type { ReactNode } from "react";
import { Providers } from "@/app/providers";

/** This page polls with react-query. */
export default function PollingLayout({ children }: { children: ReactNode }) {
  return <Providers>{children}</Providers>;
}
