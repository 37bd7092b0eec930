import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import '../store/infoSchema';
import { errors } from '../errors';
import { ok } from '../http/envelope';
import { guarded } from '../http/routeOptions';
import { tx } from '../text/text';
import { idText } from '../http/wire';
import { toVgError } from '../http/errorHandling';
import { mayAccessTenant } from '../auth/access';
import { namedTenant } from '../auth/references';
import { transact } from '../eventLog/transact';
import { DatabaseFileStorage, FileStorage, type FileBytes } from './storage';
import { ALLOWED_EXTENSIONS, detectType, extensionOf, formatBytes } from './fileTypes';
import { actedBy } from '../eventLog/eventLog';
import { signedIn } from '../access/signedIn';

const DEFAULT_MAX_FILE_BYTES = 5 * 1024 * 1024;

export interface FileServiceOptions {
  dataDir: string;
  maxFileBytes?: number;
}

/**
 * Reads the one part named `file`, mapping multipart failures to our coded errors: a form that ends
 * early (a truncated upload), a malformed part header or a missing boundary is BAD_MULTIPART.
 */
async function readFilePart(request: FastifyRequest, maxBytes: number) {
  if (!request.isMultipart()) throw errors.FILE_FIELD_MISSING();
  let part;
  try {
    part = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 10 } });
  } catch (err) {
    throw multipartError(err, maxBytes);
  }
  if (!part || part.fieldname !== 'file') throw errors.FILE_FIELD_MISSING();
  try {
    return { fileName: part.filename, bytes: await part.toBuffer() };
  } catch (err) {
    throw multipartError(err, maxBytes);
  }
}

function multipartError(err: unknown, maxBytes: number) {
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return errors.FILE_TOO_LARGE(formatBytes(maxBytes));
  if (code) return toVgError(err as Error, maxBytes);
  // busboy's own errors carry no code: "Unexpected end of form", "Malformed part header", …
  return errors.BAD_MULTIPART(tx('表单在文件结束前中断或格式错误', 'the form ends before the file does, or is malformed'));
}

/**
 * The file service of spec §7 under /filemanager/v1: upload (multipart, field `file`) and download by
 * the stored file name. Files belong to a tenant; a project user reaches only its tenant's files, and
 * anything it may not reach answers 文件不存在 so names of other tenants' files are not confirmed.
 */
export async function fileService(app: FastifyInstance, opts: FileServiceOptions) {
  const route = signedIn(app);
  const maxBytes = opts.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  // On PostgreSQL every instance must serve every upload: the bytes go to the database.
  const storage: FileBytes =
    app.store.dialect === 'postgres' ? new DatabaseFileStorage(app.db) : new FileStorage(path.join(opts.dataDir, 'files'));
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 1 } });

  // Spec §6 names no file group; uploads serve the user-group logo (user_logo) and a work order's
  // on-site photos (处置, issue 29: the electrician on site uploads from the phone).
  route.post(
    '/file',
    { schema: { querystring: z.object({ tenantId: idText.optional() }) }, config: guarded('uploads', 'user_logo workorder_handle') },
    async ({ session, query, request }) => {
      const tenantId = await namedTenant(app.db, session, query.tenantId);
      const { fileName, bytes } = await readFilePart(request, maxBytes);
      if (bytes.length === 0) throw errors.BAD_REQUEST(tx('文件为空', 'the file is empty'));
      const type = detectType(fileName, bytes.subarray(0, 16));
      if (!type) throw errors.FILE_TYPE(extensionOf(fileName) || tx('无扩展名', 'no extension'), ALLOWED_EXTENSIONS);
      const name = await storage.save(type.ext, bytes);
      try {
        await transact(app, async (trx, emit) => {
          const row = {
            name,
            // The client's name is shown and sent back in Content-Disposition only (never a path); control
            // characters and path separators are dropped from it.
            originalName: safeOriginalName(fileName),
            mime: type.mime,
            size: bytes.length,
            tenantId,
            uploaderId: session.userId,
            createdAt: Date.now(),
          };
          await trx.insertInto('stored_file').values(row).execute();
          emit({
            kind: 'file.uploaded',
            ...actedBy(session),
            tenantId,
            subject: `file:${name}`,
            payload: { after: { fileName: name, originalName: row.originalName, size: row.size, mime: row.mime } },
          });
        });
      } catch (err) {
        await storage.remove(name);
        throw err;
      }
      return ok(name, { msg: '上传成功' });
    },
  );

  // The header's logo is on every page: the shell's area; a file of another tenant is 文件不存在.
  route.get(
    '/file/downLoad',
    { schema: { querystring: z.object({ fileName: z.string().min(1).max(200) }) }, config: guarded('shell') },
    async ({ session, query: { fileName }, reply }) => {
      const record = FileStorage.isStoredName(fileName)
        ? await app.db.selectFrom('stored_file').selectAll().where('name', '=', fileName).executeTakeFirst()
        : undefined;
      if (!record || !mayAccessTenant(session, record.tenantId)) throw errors.FILE_NOT_FOUND();
      const bytes = await storage.read(fileName);
      if (!bytes) throw errors.FILE_NOT_FOUND();
      return reply
        .header('content-type', record.mime)
        .header(
          'content-disposition',
          `attachment; filename="download.${extensionOf(record.name)}"; filename*=UTF-8''${encodeURIComponent(record.originalName)}`,
        )
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=300')
        .send(bytes);
    },
  );
}

/** The uploaded file's own name, for display only: no directories, no control characters, bounded. */
function safeOriginalName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f-\u009f]/g, '').trim();
  return (clean || 'file').slice(0, 200);
}
