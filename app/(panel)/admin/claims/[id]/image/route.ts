import { getSessionUser } from "@/lib/auth/session";
import { claimImage } from "@/lib/claims/read-claims";
import { db } from "@/lib/db/client";
import { isIdOf } from "@/lib/ids/ids";
import { imageResponse } from "@/lib/panel/image-response";

export const dynamic = "force-dynamic";

/** GET /admin/claims/{id}/image - a claim's screenshot, for admins. */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const user = await getSessionUser();
  if (!user || user.role !== "admin") return new Response("Sign in as an admin.", { status: 401 });
  const { id } = await params;
  const image = isIdOf("clm", id) ? await claimImage(db(), id) : null;
  return image ? imageResponse(image) : new Response("No image.", { status: 404 });
}
