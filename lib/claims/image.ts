import { AppError } from "@/lib/errors/app-error";
import type { ClaimImageType } from "@/lib/db/schema";

export const MAX_CLAIM_IMAGE_BYTES = 2 * 1024 * 1024;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

const startsWith = (bytes: Uint8Array, magic: number[]) => bytes.length >= magic.length && magic.every((byte, i) => bytes[i] === byte);

/** What the bytes are, whatever the file's name or declared type says; null for anything but PNG or JPEG. */
export function sniffImageType(bytes: Uint8Array): ClaimImageType | null {
  if (startsWith(bytes, PNG)) return "image/png";
  if (startsWith(bytes, JPEG)) return "image/jpeg";
  return null;
}

export interface ClaimImage {
  contentType: ClaimImageType;
  bytes: Uint8Array;
}

const imageIssue = (message: string) => new AppError("validation_error", message, { issues: [{ path: "image", message }] });

/** The image a claim may carry, checked by its bytes: at most 2 MB, PNG or JPEG. */
export function checkClaimImage(bytes: Uint8Array): ClaimImage {
  if (bytes.byteLength > MAX_CLAIM_IMAGE_BYTES)
    throw new AppError("payload_too_large", `The image is over ${MAX_CLAIM_IMAGE_BYTES / 1024 / 1024} MB.`, {
      issues: [{ path: "image", message: "At most 2 MB." }],
    });
  if (bytes.byteLength === 0) throw imageIssue("The image is empty.");
  const contentType = sniffImageType(bytes);
  if (!contentType) throw imageIssue("Attach a PNG or JPEG image; this file is neither.");
  return { contentType, bytes };
}
