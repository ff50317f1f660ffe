import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import {
  CONTENT_CHECK_BYTES,
  FILE_NAME_MAX_LENGTH,
  IMPORT_SCHEMA_MESSAGES,
  SAMPLE_FILE_EXTENSIONS,
  SAMPLE_FILE_MAX_BYTES,
  contentMatchesExtension,
  fileExtensionOf,
  sampleFileContracts as c,
  type SampleFileUploadResult,
} from '@pillar/domain';
import type { Multipart } from '@fastify/multipart';
import { principalOf } from '../../platform/auth/access.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { HttpProblem, badRequest, notFound } from '../../platform/http/problem.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { createFileStorage } from '../../platform/storage/create-file-storage.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import {
  cleanFileName,
  multipartProblem,
  streamIntoStorage,
} from '../../platform/storage/streamed-upload.ts';
import type { DB } from '../../database.ts';
import type { Kysely } from 'kysely';
import { proposeFields } from './sample-files.parse.ts';
import { deleteSampleFile, findOwnSampleFile, insertSampleFile } from './sample-files.repo.ts';

const fileProblem = (detail: string) => badRequest(detail, { file: detail });

/**
 * POST /datamapping/v1/files: one sample file (.csv .xls .xlsx .txt, at most 50 MB, its content
 * the extension's), streamed into storage; answers the id the fields call reads it by. A refused
 * file leaves nothing behind. The spec's userId field is accepted; the uploader is the caller.
 */
async function uploadSampleFile(
  db: Kysely<DB>,
  storage: FileStorage,
  principal: Principal,
  parts: AsyncIterable<Multipart>,
  discardRest: () => void,
): Promise<SampleFileUploadResult> {
  let stored: { id: string; key: string; name: string; size: number } | null = null;
  try {
    for await (const part of parts) {
      if (part.type === 'field') continue;
      if (part.fieldname !== 'file' || stored) {
        throw fileProblem('Send one sample file, as the part named file');
      }
      const name = cleanFileName(part.filename);
      if (!name) throw fileProblem(IMPORT_SCHEMA_MESSAGES.fileRequired);
      if (name.length > FILE_NAME_MAX_LENGTH)
        throw fileProblem(`The file name must not exceed ${FILE_NAME_MAX_LENGTH} characters`);
      const extension = fileExtensionOf(name);
      if (!(SAMPLE_FILE_EXTENSIONS as readonly string[]).includes(extension))
        throw fileProblem(IMPORT_SCHEMA_MESSAGES.sampleFileType);
      const id = crypto.randomUUID();
      const key = `sample-files/${id}`;
      const { size } = await streamIntoStorage(storage, key, part.file, {
        maxBytes: SAMPLE_FILE_MAX_BYTES,
        headBytes: CONTENT_CHECK_BYTES,
        contentMatches: (head) => contentMatchesExtension(extension, head),
        tooLarge: () => fileProblem(IMPORT_SCHEMA_MESSAGES.fileTooLarge),
        mismatch: () => fileProblem(IMPORT_SCHEMA_MESSAGES.sampleFileNotMatching(extension)),
        empty: () => fileProblem(IMPORT_SCHEMA_MESSAGES.sampleFileEmpty),
      });
      stored = { id, key, name, size };
    }
    if (!stored) throw fileProblem(IMPORT_SCHEMA_MESSAGES.fileRequired);
    await insertSampleFile(db, {
      file_storage_id: stored.id,
      filename: stored.name,
      size_bytes: stored.size,
      storage_key: stored.key,
      created_by: principal.userNo,
    });
    return { fileStorageId: stored.id, filename: stored.name, sizeBytes: stored.size };
  } catch (error) {
    discardRest();
    if (stored) await storage.delete(stored.key).catch(() => undefined);
    throw multipartProblem(error, { tooManyFiles: 'Send one sample file', field: 'file' });
  }
}

/** The sample-file calls of the data mapping service (spec 3 §7, decision 0111). */
export async function sampleFilesRoutes(app: FastifyInstance): Promise<void> {
  const { db, config, secrets } = app.ctx;
  const storage = await createFileStorage(config.storage, secrets);
  // Multipart parsing exists in this scope only.
  await app.register(multipart, {
    limits: { fileSize: SAMPLE_FILE_MAX_BYTES + 1, files: 2, fields: 5, fieldSize: 256, parts: 8 },
  });

  registerRoute(app, c.upload, async ({ request }) => {
    const parts = request.isMultipart()
      ? request.parts()
      : (async function* () {
          yield* [];
          throw Object.assign(new Error('not multipart'), {
            code: 'FST_INVALID_MULTIPART_CONTENT_TYPE',
          });
        })();
    return uploadSampleFile(db, storage, principalOf(request), parts, () => {
      request.raw.unpipe();
      request.raw.resume();
    });
  });

  registerRoute(app, c.fields, async ({ request, params, body }) => {
    const file = await findOwnSampleFile(db, params.fileStorageId, principalOf(request).userNo);
    if (!file) throw notFound('Sample file');
    try {
      return await proposeFields(
        fileExtensionOf(file.filename),
        () => storage.get(file.storage_key),
        body,
      );
    } catch (error) {
      // A file that cannot be read is kept nowhere (it may hold members' details); a request
      // that named no delimiter leaves the file for a second try.
      if (error instanceof HttpProblem && error.title === IMPORT_SCHEMA_MESSAGES.parseFailed) {
        await deleteSampleFile(db, params.fileStorageId);
        await storage.delete(file.storage_key).catch((cleanupError: unknown) => {
          app.log.error({ err: cleanupError }, 'unreadable sample file clean-up failed');
        });
      }
      throw error;
    }
  });
}
