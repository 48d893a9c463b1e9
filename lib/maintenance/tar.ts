/**
 * The few regular files of a backup as a POSIX (ustar) tar: any tar reads it (`tar -tzf backup.tar.gz`),
 * and the restore reads back what it wrote. Directories, links and long names are not needed.
 */
const BLOCK = 512;

export interface TarEntry {
  name: string;
  data: Uint8Array;
}

function field(header: Buffer, offset: number, length: number, text: string): void {
  header.write(text, offset, length, "ascii");
}

function octal(value: number, length: number): string {
  return value.toString(8).padStart(length - 1, "0") + "\0";
}

function header(name: string, size: number, mtime: Date): Buffer {
  if (Buffer.byteLength(name) > 100) throw new Error(`tar entry name too long: ${name}`);
  const block = Buffer.alloc(BLOCK);
  field(block, 0, 100, name);
  field(block, 100, 8, octal(0o600, 8));
  field(block, 108, 8, octal(0, 8));
  field(block, 116, 8, octal(0, 8));
  field(block, 124, 12, octal(size, 12));
  field(block, 136, 12, octal(Math.floor(mtime.getTime() / 1000), 12));
  field(block, 148, 8, " ".repeat(8));
  field(block, 156, 1, "0");
  field(block, 257, 8, "ustar\u000000");
  let sum = 0;
  for (const byte of block) sum += byte;
  field(block, 148, 8, sum.toString(8).padStart(6, "0") + "\0 ");
  return block;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

export function writeTar(entries: TarEntry[], mtime = new Date()): Buffer {
  const parts = entries.flatMap(({ name, data }) => [header(name, data.byteLength, mtime), data, padding(data.byteLength)]);
  return Buffer.concat([...parts, Buffer.alloc(BLOCK * 2)]);
}

/** The regular files of a tar by name; null when the bytes are not a tar. */
export function readTar(tar: Buffer): Map<string, Buffer> | null {
  const files = new Map<string, Buffer>();
  let offset = 0;
  while (offset + BLOCK <= tar.length) {
    const block = tar.subarray(offset, offset + BLOCK);
    if (block.every((byte) => byte === 0)) return files;
    if (block.toString("ascii", 257, 262) !== "ustar") return null;
    const name = block.toString("ascii", 0, 100).replace(/\0.*$/s, "");
    const size = parseInt(block.toString("ascii", 124, 136).replace(/\0.*$/s, "").trim() || "0", 8);
    const type = block.toString("ascii", 156, 157);
    if (Number.isNaN(size) || offset + BLOCK + size > tar.length) return null;
    if (type === "0" || type === "\0") files.set(name, tar.subarray(offset + BLOCK, offset + BLOCK + size));
    offset += BLOCK + size + padding(size).length;
  }
  return null;
}
