/** Builds a multipart/form-data body for app.inject (one part per entry). */
export function multipart(parts: { field: string; fileName?: string; contentType?: string; content: Buffer | string }[]) {
  const boundary = `----vgtest${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition =
      p.fileName !== undefined ? `form-data; name="${p.field}"; filename="${p.fileName}"` : `form-data; name="${p.field}"`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.fileName !== undefined ? `Content-Type: ${p.contentType ?? 'application/octet-stream'}\r\n` : ''}\r\n`,
      ),
    );
    chunks.push(Buffer.isBuffer(p.content) ? p.content : Buffer.from(p.content));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The 8-byte PNG signature plus filler: enough for the type sniffing. */
export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
