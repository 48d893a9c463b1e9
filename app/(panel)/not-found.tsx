import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { LinkPending } from "@/components/ui/link-pending";
import { PageHeader } from "@/components/ui/page-header";

/**
 * An order, invoice, product or reseller that does not exist, or is not the viewer's: shown inside the
 * panel, so the navigation stays and the way back is one click, where Next's own page had neither.
 */
export default function PanelNotFound() {
  return (
    <>
      <PageHeader title="Not found" />
      <Card>
        <EmptyState
          title="There is nothing here"
          action={
            <Link href="/" className={buttonClasses("secondary")}>
              Back to the start page
              <LinkPending />
            </Link>
          }
        >
          The link may be mistyped, or what it points to was removed or is not yours to see.
        </EmptyState>
      </Card>
    </>
  );
}
