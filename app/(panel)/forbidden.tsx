import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { PendingLink } from "@/components/ui/pending-link";

/**
 * A page the signed-in member's role cannot use, opened by its address (it is not in their menu):
 * answered with a 403 inside the panel, so the menu of what they can use stays one click away.
 */
export default function PanelForbidden() {
  return (
    <>
      <PageHeader title="Not available to your role" />
      <Card>
        <EmptyState
          title="Your role cannot open this page"
          action={
            <PendingLink href="/" className={buttonClasses("secondary")}>
              Back to the start page
            </PendingLink>
          }
        >
          <span data-testid="role-refused">
            What your role on this account can use is in the menu. The account&apos;s owner or an admin can change your role.
          </span>
        </EmptyState>
      </Card>
    </>
  );
}
