import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import '../store/infoSchema';
import { errors } from '../errors';
import { ok } from '../http/envelope';
import { parseOr400 } from '../http/validate';
import { sessionOf } from '../auth/session';
import { mayAccessTenant, requirePermission, requireTenant } from '../auth/access';
import { transact } from '../events/transact';
import { DatabaseFileStorage, FileStorage, type FileBytes } from './storage';
import { ALLOWED_EXTENSIONS, detectType, extensionOf, formatBytes } from './fileTypes';

export const DEFAULT_MAX_FILE_BYTES = 5 * 1024 * 1024;

export interface FileServiceOptions {
  dataDir: string;
  maxFileBytes?: number;
}

/** Reads the one part named `file`, mapping multipart failures to our coded errors. */
async function readFilePart(request: FastifyRequest, maxBytes: number) {
  if (!request.isMultipart()) throw errors.FILE_FIELD_MISSING();
  let part;
  try {
    part = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 10 } });
  } catch {
    throw errors.FILE_FIELD_MISSING();
  }
  if (!part || part.fieldname !== 'file') throw errors.FILE_FIELD_MISSING();
  try {
    return { fileName: part.filename, bytes: await part.toBuffer() };
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw errors.FILE_TOO_LARGE(formatBytes(maxBytes));
    throw err;
  }
}

/**
 * The file service of spec §7 under /filemanager/v1: upload (multipart, field `file`) and download by
 * the stored file name. Files belong to a tenant; a project user reaches only its tenant's files, and
 * anything it may not reach answers 文件不存在 so names of other tenants' files are not confirmed.
 */
export async function fileService(app: FastifyInstance, opts: FileServiceOptions) {
  const maxBytes = opts.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  // On PostgreSQL every instance must serve every upload: the bytes go to the database.
  const storage: FileBytes =
    app.store.dialect === 'postgres' ? new DatabaseFileStorage(app.db) : new FileStorage(path.join(opts.dataDir, 'files'));
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 1 } });

  app.post('/file', async (request) => {
    const session = sessionOf(request);
    // Spec §6 names no file group; uploads serve the user-group logo, so user_logo guards them.
    requirePermission(session, 'user_logo');
    const query = parseOr400(z.object({ tenantId: z.coerce.number().int().min(0).optional() }), request.query);
    const tenantId = query.tenantId ?? session.tenantId;
    requireTenant(session, tenantId);
    const { fileName, bytes } = await readFilePart(request, maxBytes);
    if (bytes.length === 0) throw errors.BAD_REQUEST('文件为空');
    const type = detectType(fileName, bytes.subarray(0, 16));
    if (!type) throw errors.FILE_TYPE(extensionOf(fileName) || '无扩展名', ALLOWED_EXTENSIONS);
    const name = await storage.save(type.ext, bytes);
    try {
      await transact(app, async (trx, emit) => {
        const row = {
          name,
          originalName: fileName.slice(0, 200),
          mime: type.mime,
          size: bytes.length,
          tenantId,
          uploaderId: session.userId,
          createdAt: Date.now(),
        };
        await trx.insertInto('stored_file').values(row).execute();
        emit({
          kind: 'file.uploaded',
          actorId: session.userId,
          actorName: session.userName,
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
  });

  app.get('/file/downLoad', async (request, reply) => {
    const session = sessionOf(request);
    const { fileName } = parseOr400(z.object({ fileName: z.string().min(1, '缺少 fileName').max(200) }), request.query);
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
  });
}
