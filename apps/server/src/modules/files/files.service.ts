import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  FILE_MESSAGES,
  MAX_FILES_PER_UPLOAD,
  PERMISSIONS,
  fileUploadFields,
  type FileDetail,
  type FileDownloadQuery,
  type FileDownloadReceipt,
  type FileListQuery,
  type FileOrganizationOption,
  type FileOrganizationQuery,
  type FileRecipientOption,
  type FileRecipientQuery,
  type FileSummary,
  type FileUpdateInput,
  type FileUploadFields,
  type Page,
} from '@pillar/domain';
import type { Principal } from '../../platform/auth/principal.ts';
import { writeAudit } from '../../platform/audit.ts';
import type { DB } from '../../database.ts';
import { badRequest, forbidden } from '../../platform/http/problem.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { requireFile, requireUploadedFile } from './files.access.ts';
import {
  deleteFileRow,
  findRecipientCandidates,
  findVisibleFile,
  insertDownload,
  insertFiles,
  listRecipients,
  searchDownloads,
  searchFiles,
  searchRecipientOptions,
  updateFile,
  type FoundFile,
} from './files.repo.ts';
import {
  checkFileName,
  cleanFileName,
  storeFilePart,
  uploadProblem,
  type Multipart,
  type StoredFile,
} from './files.upload.ts';
import {
  findScopedOrganization,
  requireOrganization,
  searchOrganizationOptions,
} from '../organizations/index.ts';

export interface FilesContext {
  db: Kysely<DB>;
  storage: FileStorage;
  maxFileBytes: number;
  log: FastifyBaseLogger;
}

function summaryOf({ storageKey: _key, ...summary }: FoundFile): FileSummary {
  return summary;
}

export function listFiles(
  db: Kysely<DB>,
  principal: Principal,
  query: FileListQuery,
): Promise<Page<FileSummary>> {
  return searchFiles(db, principal, query);
}

export async function getFile(
  db: Kysely<DB>,
  principal: Principal,
  fileId: string,
): Promise<FileDetail> {
  const scoped = await requireFile(db, principal, fileId);
  const { file } = scoped;
  // Who else received a file is the uploader's business, and their account team's.
  const showRecipients = file.owner || principal.userType === 'i';
  return {
    ...summaryOf(file),
    recipients: showRecipients ? await listRecipients(db, scoped) : [],
  };
}

/** The recipients as asked for, once each, after checking each may receive this file. */
async function checkRecipients(
  db: Kysely<DB>,
  organizationNo: number,
  recipientIds: readonly number[],
  phi: boolean,
  field: string,
): Promise<number[]> {
  const unique = [...new Set(recipientIds)];
  const found = await findRecipientCandidates(db, organizationNo, unique);
  const known = new Set(found.map((r) => r.userId));
  const unknown = unique.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    const detail = `User ${unknown.join(', ')} cannot receive files of this organization`;
    throw badRequest(detail, { [field]: detail });
  }
  if (phi) {
    const refused = found.find((r) => !r.canReceivePhi);
    if (refused) {
      const detail = FILE_MESSAGES.cannotReceivePhi(refused.fullName);
      throw badRequest(detail, { [field]: detail });
    }
  }
  return unique;
}

export async function updateFileDetails(
  db: Kysely<DB>,
  principal: Principal,
  fileId: string,
  input: FileUpdateInput,
): Promise<FileDetail> {
  const uploaded = await requireUploadedFile(db, principal, fileId);
  const { file } = uploaded;
  const recipients = await checkRecipients(
    db,
    file.organizationNo,
    input.recipientIds,
    input.phi,
    'recipientIds',
  );
  await db.transaction().execute(async (trx) => {
    await updateFile(
      trx,
      uploaded,
      { categoryId: input.categoryId, phi: input.phi, recipientUserNos: recipients },
      principal.userNo,
    );
    await writeAudit(trx, {
      actorUserNo: principal.userNo,
      action: 'file.update',
      entity: 'file',
      entityId: fileId,
      detail: {
        from: { categoryId: file.categoryId, phi: file.phi },
        to: { categoryId: input.categoryId, phi: input.phi },
        recipients,
      },
    });
  });
  return getFile(db, principal, fileId);
}

export async function deleteFile(
  ctx: FilesContext,
  principal: Principal,
  fileId: string,
): Promise<void> {
  const uploaded = await requireUploadedFile(ctx.db, principal, fileId);
  const { file } = uploaded;
  if (!principal.permissions.has(PERMISSIONS.deleteFiles)) throw forbidden();
  await ctx.db.transaction().execute(async (trx) => {
    await deleteFileRow(trx, uploaded);
    await writeAudit(trx, {
      actorUserNo: principal.userNo,
      action: 'file.delete',
      entity: 'file',
      entityId: fileId,
      detail: { name: file.name, organizationNo: file.organizationNo, size: file.size },
    });
  });
  // After the commit: a row never points at bytes that are gone. Should this fail, the
  // bytes are orphaned (logged), never exposed: nothing refers to them any more.
  try {
    await ctx.storage.delete(file.storageKey);
  } catch (error) {
    ctx.log.error({ err: error, fileId }, 'the deleted file could not be removed from storage');
  }
}

/** Opens a download, writing its receipt and audit entry once the bytes are at hand. */
export async function openDownload(
  ctx: FilesContext,
  principal: Principal,
  fileId: string,
): Promise<{ file: FileSummary; stream: Readable }> {
  const scoped = await requireFile(ctx.db, principal, fileId);
  const { file } = scoped;
  const stream = await ctx.storage.get(file.storageKey);
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await insertDownload(trx, scoped, principal.userNo);
      await writeAudit(trx, {
        actorUserNo: principal.userNo,
        action: 'file.download',
        entity: 'file',
        entityId: fileId,
        detail: { name: file.name, organizationNo: file.organizationNo, phi: file.phi },
      });
    });
  } catch (error) {
    stream.destroy();
    throw error;
  }
  return { file: summaryOf(file), stream };
}

export async function listDownloads(
  db: Kysely<DB>,
  principal: Principal,
  fileId: string,
  query: FileDownloadQuery,
): Promise<Page<FileDownloadReceipt>> {
  return searchDownloads(db, await requireUploadedFile(db, principal, fileId), query);
}

export async function listRecipientOptions(
  db: Kysely<DB>,
  principal: Principal,
  query: FileRecipientQuery,
): Promise<Page<FileRecipientOption>> {
  const organization = await requireOrganization(db, principal, query.organizationNo);
  return searchRecipientOptions(db, principal, organization, query);
}

export function listFileOrganizations(
  db: Kysely<DB>,
  principal: Principal,
  query: FileOrganizationQuery,
): Promise<Page<FileOrganizationOption>> {
  return searchOrganizationOptions(db, principal, query);
}

const UPLOAD_FIELDS = new Set(['categoryId', 'organizationNo', 'phi', 'recipientId']);

/** The multipart field a problem in the parsed fields is about. */
function uploadFieldName(path: PropertyKey | undefined): string {
  return path === 'recipientIds' ? 'recipientId' : String(path ?? 'request');
}

function parseUploadFields(values: ReadonlyMap<string, string[]>): FileUploadFields {
  const last = (name: string) => values.get(name)?.at(-1);
  const parsed = fileUploadFields.safeParse({
    categoryId: last('categoryId') || undefined,
    organizationNo: last('organizationNo') || undefined,
    phi: last('phi') ?? 'false',
    recipientIds: values.get('recipientId') ?? [],
  });
  if (parsed.success) return parsed.data;
  const params: Record<string, string> = {};
  for (const issue of (parsed.error as z.ZodError).issues) {
    params[uploadFieldName(issue.path[0])] ??= issue.message;
  }
  const detail = Object.entries(params)
    .map(([name, message]) => `${name}: ${message}`)
    .join('; ');
  throw badRequest(detail, params);
}

interface CheckedUpload {
  fields: FileUploadFields;
  recipients: number[];
}

async function checkUploadFields(
  db: Kysely<DB>,
  principal: Principal,
  values: ReadonlyMap<string, string[]>,
): Promise<CheckedUpload> {
  const fields = parseUploadFields(values);
  // Here an organization out of reach is a bad field (400), not a missing resource.
  if (!(await findScopedOrganization(db, principal, fields.organizationNo))) {
    throw badRequest('Organization not found', { organizationNo: 'Organization not found' });
  }
  const recipients = await checkRecipients(
    db,
    fields.organizationNo,
    fields.recipientIds,
    fields.phi,
    'recipientId',
  );
  return { fields, recipients };
}

/**
 * POST /portal/v1/files: up to 10 files with their category, organization, PHI flag and
 * recipients. Fields sent before the files are checked before any file is read; each file
 * streams into storage as it arrives. The rows are written in one transaction at the end; on
 * any refusal, failure or cut-off, every object already stored is deleted and no row is left.
 */
export async function uploadFiles(
  ctx: FilesContext,
  principal: Principal,
  parts: AsyncIterable<Multipart>,
  discardRest: () => void,
): Promise<FileSummary[]> {
  const values = new Map<string, string[]>();
  const stored: StoredFile[] = [];
  let checked: CheckedUpload | null = null;
  let fieldsChangedAfterCheck = false;
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (!UPLOAD_FIELDS.has(part.fieldname)) {
          throw badRequest(`Unexpected field ${part.fieldname}`, {
            [part.fieldname]: 'is not a field of the upload form',
          });
        }
        values.set(part.fieldname, [...(values.get(part.fieldname) ?? []), String(part.value)]);
        if (checked) fieldsChangedAfterCheck = true;
        continue;
      }
      if (part.fieldname !== 'file') {
        throw badRequest(`Unexpected file field ${part.fieldname}; send files as 'file'`, {
          [part.fieldname]: 'is not a field of the upload form',
        });
      }
      if (stored.length >= MAX_FILES_PER_UPLOAD) {
        throw badRequest(FILE_MESSAGES.tooManyFiles, { file: FILE_MESSAGES.tooManyFiles });
      }
      const name = cleanFileName(part.filename);
      checkFileName(name);
      if (!checked && values.size > 0) checked = await checkUploadFields(ctx.db, principal, values);
      stored.push(await storeFilePart(ctx.storage, part, name, ctx.maxFileBytes));
    }
    if (stored.length === 0) {
      throw badRequest(FILE_MESSAGES.fileRequired, { file: FILE_MESSAGES.fileRequired });
    }
    if (!checked || fieldsChangedAfterCheck) {
      checked = await checkUploadFields(ctx.db, principal, values);
    }
    const { fields, recipients } = checked;
    const rows = stored.map((file) => ({
      fileId: file.fileId,
      name: file.name,
      categoryId: fields.categoryId,
      phi: fields.phi,
      organizationNo: fields.organizationNo,
      size: file.size,
      sha256: file.sha256,
      storageKey: file.storageKey,
      createdBy: principal.userNo,
    }));
    await ctx.db.transaction().execute(async (trx) => {
      await insertFiles(trx, rows, recipients);
      for (const row of rows) {
        await writeAudit(trx, {
          actorUserNo: principal.userNo,
          action: 'file.upload',
          entity: 'file',
          entityId: row.fileId,
          detail: {
            name: row.name,
            organizationNo: row.organizationNo,
            phi: row.phi,
            size: row.size,
            sha256: row.sha256,
            recipients,
          },
        });
      }
    });
  } catch (error) {
    discardRest();
    await Promise.all(
      stored.map((file) =>
        ctx.storage.delete(file.storageKey).catch((cleanupError: unknown) => {
          ctx.log.error({ err: cleanupError, key: file.storageKey }, 'upload clean-up failed');
        }),
      ),
    );
    throw uploadProblem(error);
  }
  const created = await Promise.all(
    stored.map((file) => findVisibleFile(ctx.db, principal, file.fileId)),
  );
  return created.filter((file): file is FoundFile => file !== undefined).map(summaryOf);
}
