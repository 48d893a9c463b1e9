"use client";

import { Card } from "@/components/ui/card";
import { FailureMessage, type FailureProps } from "@/components/errors/failure-message";

/** One panel page that failed to render: inside the frame, so the navigation stays one click away. */
export default function PanelError(props: FailureProps) {
  return (
    <Card className="px-4 py-10">
      <FailureMessage {...props} />
    </Card>
  );
}
