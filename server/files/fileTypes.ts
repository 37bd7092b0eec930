/**
 * The file types the file service accepts. The extension alone is not trusted: the first bytes must
 * match, so a renamed script cannot be stored as a "logo" and later served with an image type.
 */
export interface FileType {
  ext: string;
  mime: string;
  magic: (head: Buffer) => boolean;
}

const startsWith =
  (...bytes: number[]) =>
  (head: Buffer) =>
    bytes.every((b, i) => head[i] === b);
const zip = startsWith(0x50, 0x4b, 0x03, 0x04);
const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);

const FILE_TYPES: readonly FileType[] = [
  { ext: 'png', mime: 'image/png', magic: startsWith(0x89, 0x50, 0x4e, 0x47) },
  { ext: 'jpg', mime: 'image/jpeg', magic: startsWith(0xff, 0xd8, 0xff) },
  { ext: 'jpeg', mime: 'image/jpeg', magic: startsWith(0xff, 0xd8, 0xff) },
  { ext: 'gif', mime: 'image/gif', magic: startsWith(0x47, 0x49, 0x46, 0x38) },
  {
    ext: 'webp',
    mime: 'image/webp',
    magic: (h) => h.subarray(0, 4).toString('latin1') === 'RIFF' && h.subarray(8, 12).toString('latin1') === 'WEBP',
  },
  // on-site photos from phones (issue 29): an ISO base media file whose major brand is a HEIF image one
  {
    ext: 'heic',
    mime: 'image/heic',
    magic: (h) => h.subarray(4, 8).toString('latin1') === 'ftyp' && HEIF_BRANDS.has(h.subarray(8, 12).toString('latin1')),
  },
  { ext: 'bmp', mime: 'image/bmp', magic: startsWith(0x42, 0x4d) },
  { ext: 'pdf', mime: 'application/pdf', magic: startsWith(0x25, 0x50, 0x44, 0x46) },
  { ext: 'xlsx', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', magic: zip },
  { ext: 'docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', magic: zip },
];

export const ALLOWED_EXTENSIONS = FILE_TYPES.map((t) => t.ext).join(', ');

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** The accepted type of a file, or undefined when its extension or its content is not allowed. */
export function detectType(fileName: string, head: Buffer): FileType | undefined {
  const type = FILE_TYPES.find((t) => t.ext === extensionOf(fileName));
  return type && type.magic(head) ? type : undefined;
}

export function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(n % (1024 * 1024) ? 1 : 0)} MB` : `${Math.round(n / 1024)} KB`;
}
