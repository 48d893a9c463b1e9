/** Stored image bytes with the type their bytes were checked to be, never sniffed into anything else nor cached. */
export function imageResponse(image: { contentType: string; bytes: Buffer }): Response {
  return new Response(new Uint8Array(image.bytes), {
    headers: { "Content-Type": image.contentType, "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" },
  });
}
