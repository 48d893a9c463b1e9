import { getSignedIn } from "@/lib/auth/session";
import { claimImage, getClaim } from "@/lib/claims/read-claims";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { imageResponse } from "@/lib/panel/image-response";
import { can } from "@/lib/teams/permissions";

export const dynamic = "force-dynamic";

/** GET /claims/{id}/image - the screenshot of the signed-in reseller's claim, as it was uploaded. */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const signedIn = await getSignedIn();
  const user = signedIn?.account;
  if (!user || user.role !== "reseller") return new Response("Sign in as the reseller who opened the claim.", { status: 401 });
  if (!signedIn?.memberRole || !can(signedIn.memberRole, "claims")) return new Response("Your role on this account does not handle claims.", { status: 403 });
  const { id } = await params;
  try {
    const image = await claimImage(db(), (await getClaim(db(), user.id, id)).id);
    return image ? imageResponse(image) : new Response("This claim has no image.", { status: 404 });
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") return new Response("No such claim.", { status: 404 });
    throw error;
  }
}
