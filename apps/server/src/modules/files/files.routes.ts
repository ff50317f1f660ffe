import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FILE_EXTENSIONS,
  MAX_FILES_PER_UPLOAD,
  PERMISSIONS,
  fileDetail,
  fileDownloadPage,
  fileDownloadQuery,
  fileIdParams,
  fileListQuery,
  fileMediaType,
  fileOrganizationPage,
  fileOrganizationQuery,
  filePage,
  fileRecipientPage,
  fileRecipientQuery,
  fileSettings,
  fileUpdateInput,
  fileUploadResult,
} from '@pillar/domain';
import { principalOf } from '../../platform/auth/access.ts';
import { createFileStorage } from '../../platform/storage/create-file-storage.ts';
import {
  deleteFile,
  getFile,
  listDownloads,
  listFileOrganizations,
  listFiles,
  listRecipientOptions,
  openDownload,
  updateFileDetails,
  uploadFiles,
  type FilesContext,
} from './files.service.ts';
import { moveSeedContentIntoStorage } from './seed-content.repo.ts';
import { multipartLimits } from './files.upload.ts';
import { attachmentDisposition } from '../../platform/http/content-disposition.ts';

const view = { allOf: [PERMISSIONS.viewFiles] } as const;
const upload = { allOf: [PERMISSIONS.viewFiles, PERMISSIONS.uploadFiles] } as const;
const remove = { allOf: [PERMISSIONS.viewFiles, PERMISSIONS.deleteFiles] } as const;
const tags = ['files'];

/** Secure file exchange (spec 3 §7 "Files"). Registered at the root: full service paths. */
export async function filesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config, secrets } = app.ctx;
  const storage = await createFileStorage(config.storage, secrets);
  const ctx: FilesContext = {
    db,
    storage,
    maxFileBytes: config.storage.fileMaxBytes,
    log: app.log,
  };
  // Multipart parsing exists in this scope only; no other route accepts it.
  await app.register(multipart, { limits: multipartLimits(ctx.maxFileBytes) });

  // Demo files written by the seed reach storage before the first request is served.
  await moveSeedContentIntoStorage(db, storage);
  await storage.sweepPartials?.();

  r.get(
    '/portal/v1/files',
    {
      config: { access: view },
      schema: {
        summary: 'The files the user may see, newest first',
        tags,
        querystring: fileListQuery,
        response: { 200: filePage },
      },
    },
    async (request) => listFiles(db, principalOf(request), request.query),
  );

  r.get(
    '/portal/v1/files/settings',
    {
      config: { access: view },
      schema: {
        summary: 'Upload limits: largest file, files per upload, accepted extensions',
        tags,
        response: { 200: fileSettings },
      },
    },
    async () => ({
      maxFileBytes: ctx.maxFileBytes,
      maxFiles: MAX_FILES_PER_UPLOAD,
      extensions: [...FILE_EXTENSIONS],
    }),
  );

  r.get(
    '/portal/v1/files/organizations',
    {
      config: { access: view },
      schema: {
        summary: 'Organizations a file may be filed under (those the user may see)',
        tags,
        querystring: fileOrganizationQuery,
        response: { 200: fileOrganizationPage },
      },
    },
    async (request) => listFileOrganizations(db, principalOf(request), request.query),
  );

  r.get(
    '/portal/v1/files/recipients',
    {
      config: { access: upload },
      schema: {
        summary:
          'Users of an organization a file may be sent to, with whether they may receive PHI',
        tags,
        querystring: fileRecipientQuery,
        response: { 200: fileRecipientPage },
      },
    },
    async (request) => listRecipientOptions(db, principalOf(request), request.query),
  );

  r.post(
    '/portal/v1/files',
    {
      config: { access: upload },
      schema: {
        summary: 'Upload up to 10 files (multipart/form-data)',
        description:
          'Fields categoryId, organizationNo, phi (true or false) and recipientId (repeated), ' +
          'then up to 10 parts named file. Send the fields first: they are checked before any ' +
          `file is read. Accepted extensions: ${FILE_EXTENSIONS.join(', ')}.`,
        tags,
        consumes: ['multipart/form-data'],
        response: { 201: fileUploadResult },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const parts = request.isMultipart()
        ? request.parts()
        : // Let the service answer 415 the way it answers every other refusal.
          (async function* () {
            yield* [];
            throw Object.assign(new Error('not multipart'), {
              code: 'FST_INVALID_MULTIPART_CONTENT_TYPE',
            });
          })();
      const data = await uploadFiles(ctx, principal, parts, () => {
        // A refused upload's remaining bytes are read and dropped, so the client gets the answer.
        request.raw.unpipe();
        request.raw.resume();
      });
      return reply.code(201).send({ data });
    },
  );

  r.get(
    '/portal/v1/files/:id',
    {
      config: { access: view },
      schema: {
        summary: 'One file; its recipients for the uploader and internal users',
        tags,
        params: fileIdParams,
        response: { 200: fileDetail },
      },
    },
    async (request) => getFile(db, principalOf(request), request.params.id),
  );

  r.put(
    '/portal/v1/files/:id',
    {
      config: { access: view },
      schema: {
        summary: "Change a file's category, PHI flag and recipients (its uploader only)",
        tags,
        params: fileIdParams,
        body: fileUpdateInput,
        response: { 200: fileDetail },
      },
    },
    async (request) => updateFileDetails(db, principalOf(request), request.params.id, request.body),
  );

  r.delete(
    '/portal/v1/files/:id',
    {
      config: { access: remove },
      schema: {
        summary: 'Delete a file and its bytes (its uploader only)',
        tags,
        params: fileIdParams,
        response: { 204: z.null().describe('Deleted') },
      },
    },
    async (request, reply) => {
      await deleteFile(ctx, principalOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/portal/v1/files/:id/download',
    {
      // A HEAD would run the handler and write a receipt for bytes nobody received.
      exposeHeadRoute: false,
      config: { access: view },
      schema: {
        summary: 'The file itself; each download is recorded',
        tags,
        params: fileIdParams,
        response: { 200: z.unknown().describe('The file, as uploaded') },
      },
    },
    async (request, reply) => {
      const { file, stream } = await openDownload(ctx, principalOf(request), request.params.id);
      return reply
        .header('content-disposition', attachmentDisposition(file.name))
        .header('access-control-expose-headers', 'content-disposition')
        .header('content-length', file.size)
        .header('cache-control', 'no-store')
        .type(fileMediaType(file.name))
        .send(stream);
    },
  );

  r.get(
    '/portal/v1/files/:id/downloads',
    {
      config: { access: view },
      schema: {
        summary: 'Who downloaded a file and when (its uploader only)',
        tags,
        params: fileIdParams,
        querystring: fileDownloadQuery,
        response: { 200: fileDownloadPage },
      },
    },
    async (request) => listDownloads(db, principalOf(request), request.params.id, request.query),
  );
}
