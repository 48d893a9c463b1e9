import { createTar, parseTar } from "nanotar";

/**
 * The few regular files of a backup as a ustar archive (nanotar): any tar reads it
 * (`tar -tzf backup.tar.gz`), and the restore reads back what it wrote.
 */
export interface TarEntry {
  name: string;
  data: Uint8Array;
}

export function writeTar(entries: TarEntry[], mtime = new Date()): Buffer {
  return Buffer.from(createTar(entries.map(({ name, data }) => ({ name, data, attrs: { mode: "600", mtime: mtime.getTime() } }))));
}

/** The regular files of a tar by name; null when the bytes are not a tar. */
export function readTar(tar: Buffer): Map<string, Buffer> | null {
  // Every ustar header says so at byte 257: anything else is not a backup, whatever a parser makes of it.
  if (tar.length < 512 || tar.toString("ascii", 257, 262) !== "ustar") return null;
  try {
    const files = new Map<string, Buffer>();
    for (const item of parseTar(tar)) if (item.type === "file" && item.data) files.set(item.name, Buffer.from(item.data));
    return files;
  } catch {
    return null;
  }
}
