import type { Kysely } from 'kysely';
import type { JobInput, TemplateInput, TemplateUpdate, TransformationsQuery } from '@pillar/domain';
import type { DB } from '../../database.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { badRequest, notFound } from '../../platform/http/problem.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import {
  createMappingJob,
  createMappingTemplate,
  findMappingJob,
  findTemplate,
  generateMappingTemplate,
  getCompletedMappingJob,
  getMappingJob,
  getMappingSchema,
  listTransformations,
  updateMappingTemplate,
} from '../data-mapping/index.ts';
import { requireLiveShare } from '../evaluate/index.ts';
import { mappingSource } from './claims-files.service.ts';
import * as repo from './claims-files.repo.ts';

/*
 * The claims Mapping stage's data-mapping calls for an external user (decision 0144 'Mapping for
 * shared users'). Every call first finds its scope: the caller's live share of opportunity `opp`
 * and its accepted claims file `x`, whose mapping source (read schema, claims write schema, the
 * caller's job source of the file) is what the stage maps. A template is in scope when it joins
 * exactly those three; a new job when its template is and its source is the file's; a job read
 * back when it read the claims file's stored bytes (a read, no write: the stage polls it every
 * 3 s). Anything else is a 404, the same answer as no share. The work itself is the data mapper's, through its index.
 */

type Db = Kysely<DB>;

interface MappingScope {
  readSchemaId: number;
  writeSchemaId: number;
  fileStorageId: string;
}

/** The live share and the accepted file: what a job's reads need (no write, the poll's path). */
async function fileOf(db: Db, principal: Principal, opp: number, x: number) {
  await requireLiveShare(db, principal, opp);
  const file = await repo.findAcceptedFile(db, opp, x);
  if (!file) throw notFound('Claims file');
  return file;
}

/** The file's mapping source too (read schema, write schema, job source; made the caller's). */
async function scopeOf(
  db: Db,
  storage: FileStorage,
  principal: Principal,
  opp: number,
  x: number,
): Promise<MappingScope> {
  await fileOf(db, principal, opp, x);
  return mappingSource(db, storage, principal, opp, x);
}

async function requireScopedTemplate(db: Db, scope: MappingScope, templateNo: number) {
  const row = await findTemplate(db, templateNo);
  if (
    !row ||
    row.read_schema_no !== scope.readSchemaId ||
    row.write_schema_no !== scope.writeSchemaId ||
    row.file_storage_id !== scope.fileStorageId
  )
    throw notFound('Template');
}

/** A template saved here joins the file's read schema, the claims write schema and its source. */
function requireScopedInput(scope: MappingScope, input: TemplateInput) {
  if (input.readSchemaId !== scope.readSchemaId)
    throw badRequest("Not this claims file's read schema", {
      readSchemaId: "Not this claims file's read schema",
    });
  if (input.writeSchemaId !== scope.writeSchemaId)
    throw badRequest('Not the standard claims write schema', {
      writeSchemaId: 'Not the standard claims write schema',
    });
  if (input.fileStorageId !== scope.fileStorageId)
    throw badRequest("Not this claims file's source file", {
      fileStorageId: "Not this claims file's source file",
    });
}

/** A job is the file's when it read the file's stored bytes (its output maps that file). */
async function requireFileJob(db: Db, storageKey: string, jobNo: number) {
  const row = await findMappingJob(db, jobNo);
  if (!row || row.source_storage_key !== storageKey) throw notFound('Job');
}

export async function sharedReadSchema(
  db: Db,
  storage: FileStorage,
  principal: Principal,
  opp: number,
  x: number,
) {
  const scope = await scopeOf(db, storage, principal, opp, x);
  return getMappingSchema(db, scope.readSchemaId);
}

export async function sharedGenerateTemplate(
  db: Db,
  storage: FileStorage,
  principal: Principal,
  opp: number,
  x: number,
) {
  const scope = await scopeOf(db, storage, principal, opp, x);
  return generateMappingTemplate(
    db,
    storage,
    principal,
    scope.readSchemaId,
    scope.writeSchemaId,
    scope.fileStorageId,
  );
}

export async function sharedCreateTemplate(
  db: Db,
  storage: FileStorage,
  principal: Principal,
  opp: number,
  x: number,
  input: TemplateInput,
) {
  const scope = await scopeOf(db, storage, principal, opp, x);
  requireScopedInput(scope, input);
  return createMappingTemplate(db, storage, principal, input);
}

export async function sharedUpdateTemplate(
  db: Db,
  storage: FileStorage,
  principal: Principal,
  opp: number,
  x: number,
  input: TemplateUpdate,
) {
  const scope = await scopeOf(db, storage, principal, opp, x);
  await requireScopedTemplate(db, scope, input.id);
  requireScopedInput(scope, input);
  return updateMappingTemplate(db, storage, principal, input);
}

export async function sharedTransformations(
  db: Db,
  principal: Principal,
  opp: number,
  query: TransformationsQuery,
) {
  await requireLiveShare(db, principal, opp);
  return listTransformations(db, query);
}

export async function sharedCreateJob(
  db: Db,
  storage: FileStorage,
  jobs: JobQueue,
  principal: Principal,
  opp: number,
  x: number,
  input: JobInput,
) {
  const scope = await scopeOf(db, storage, principal, opp, x);
  await requireScopedTemplate(db, scope, input.templateId);
  if (input.fileStorageId !== scope.fileStorageId)
    throw badRequest("Not this claims file's source file", {
      fileStorageId: "Not this claims file's source file",
    });
  return createMappingJob(db, jobs, principal, input);
}

/** 404 unless the job read this opportunity's claims file (the share's scope). */
async function requireSharedJob(
  db: Db,
  principal: Principal,
  opp: number,
  x: number,
  jobNo: number,
) {
  const file = await fileOf(db, principal, opp, x);
  await requireFileJob(db, file.storage_key, jobNo);
}

export async function sharedJob(
  db: Db,
  principal: Principal,
  opp: number,
  x: number,
  jobNo: number,
) {
  await requireSharedJob(db, principal, opp, x, jobNo);
  return getMappingJob(db, jobNo);
}

export async function sharedCompletedJob(
  db: Db,
  principal: Principal,
  opp: number,
  x: number,
  jobNo: number,
) {
  await requireSharedJob(db, principal, opp, x, jobNo);
  return getCompletedMappingJob(db, jobNo);
}
