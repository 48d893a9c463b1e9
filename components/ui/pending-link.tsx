import type { ComponentProps, ReactNode } from "react";
import { Link } from "./link";
import { LinkPending } from "./link-pending";

type PendingLinkProps = Omit<ComponentProps<typeof Link>, "children"> & {
  /** The spinner follows the children; given a function, they place it themselves (in a row inside the link). */
  children: ReactNode | ((spinner: ReactNode) => ReactNode);
};

/**
 * A Link that spins from the click until its page arrives. Not a client component: a server
 * page's links then ship no code beyond Link and the spinner, and a function can place the spinner.
 */
export function PendingLink({ children, ...props }: PendingLinkProps) {
  const spinner = <LinkPending />;
  return (
    <Link {...props}>
      {typeof children === "function" ? (
        children(spinner)
      ) : (
        <>
          {children}
          {spinner}
        </>
      )}
    </Link>
  );
}
