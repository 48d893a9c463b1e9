import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { PendingLink } from "@/components/ui/pending-link";

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
            <PendingLink href="/" className={buttonClasses("secondary")}>
              Back to the start page
            </PendingLink>
          }
        >
          The link may be mistyped, or what it points to was removed or is not yours to see.
        </EmptyState>
      </Card>
    </>
  );
}
