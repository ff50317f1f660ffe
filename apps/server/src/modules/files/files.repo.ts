import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import {
  FILE_CATEGORIES,
  PERMISSIONS,
  canReceivePhi,
  fileCategoryLabel,
  holdsFilesRole,
  type FileDownloadQuery,
  type FileDownloadReceipt,
  type FileListQuery,
  type FileRecipient,
  type FileRecipientOption,
  type FileRecipientQuery,
  type FileSummary,
  type Page,
  type UserTypeCode,
} from '@pillar/domain';
import type { Principal } from '../../platform/auth/principal.ts';
import { inOrganizationScope } from '../../platform/auth/scope.ts';
import type { DB } from '../../database.ts';
import { fetchPage } from '../../platform/http/paging.ts';
import { likePattern } from '../../platform/db/like-pattern.ts';
import { organizationNameOf, type ScopedOrganization } from '../organizations/index.ts';
import type { ScopedFile, UploadedFile } from './files.access.ts';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * The files a principal may see, as SQL (the domain's canSeeFile says the same in TypeScript):
 * inside their organizations, the uploader, internal users, and recipients — of a PHI file only
 * recipients who hold a files role.
 */
export function visibleTo(principal: Principal): RawBuilder<boolean> {
  const scope = inOrganizationScope(principal, 'f.organization_no');
  if (principal.userType === 'i') return scope;
  const recipient = sql<boolean>`exists (select 1 from file_recipient r
    where r.file_id = f.file_id and r.user_no = ${principal.userNo})`;
  const asRecipient = holdsFilesRole(principal.roleKeys)
    ? recipient
    : sql<boolean>`(${recipient} and not f.phi)`;
  return sql<boolean>`(${scope} and (f.created_by = ${principal.userNo} or ${asRecipient}))`;
}

const CATEGORY_SORT = sql`case f.category_id ${sql.join(
  FILE_CATEGORIES.map((c) => sql`when ${sql.lit(c.id)} then ${sql.lit(c.label.toLowerCase())}`),
  sql` `,
)} end`;

function filesQuery(db: Db, principal: Principal) {
  return db
    .selectFrom('file as f')
    .innerJoin('app_user as u', 'u.user_no', 'f.created_by')
    .select([
      'f.file_id',
      'f.name',
      'f.category_id',
      'f.phi',
      'f.organization_no',
      organizationNameOf('f.organization_no').as('organization_name'),
      'f.created_by',
      sql<string>`u.first_name || ' ' || u.last_name`.as('created_by_name'),
      'f.created_at',
      'f.size_bytes',
      'f.storage_key',
    ])
    .where(visibleTo(principal));
}

interface FileRow {
  file_id: string;
  name: string;
  category_id: number;
  phi: boolean;
  organization_no: number;
  organization_name: string;
  created_by: number;
  created_by_name: string;
  created_at: Date;
  size_bytes: number | string;
  storage_key: string;
}

export interface FoundFile extends FileSummary {
  storageKey: string;
}

function toSummary(row: FileRow, principal: Principal): FoundFile {
  return {
    id: row.file_id,
    name: row.name,
    categoryId: row.category_id,
    category: fileCategoryLabel(row.category_id),
    phi: row.phi,
    organizationNo: row.organization_no,
    organizationName: row.organization_name,
    createdBy: row.created_by,
    createdByName: row.created_by_name,
    created: new Date(row.created_at).toISOString(),
    size: Number(row.size_bytes),
    owner: row.created_by === principal.userNo,
    storageKey: row.storage_key,
  };
}

function withoutStorageKey({ storageKey: _key, ...summary }: FoundFile): FileSummary {
  return summary;
}

export async function searchFiles(
  db: Db,
  principal: Principal,
  query: FileListQuery,
): Promise<Page<FileSummary>> {
  let q = filesQuery(db, principal);
  if (query.name) q = q.where(sql<boolean>`lower(f.name) like lower(${likePattern(query.name)})`);
  if (query.organizationNo !== undefined)
    q = q.where('f.organization_no', '=', query.organizationNo);
  if (query.categoryId !== undefined) q = q.where('f.category_id', '=', query.categoryId);
  return fetchPage(q, query, {
    sortColumns: {
      name: sql`lower(f.name)`,
      organizationName: organizationNameOf('f.organization_no', { lower: true }),
      category: CATEGORY_SORT,
      createdByName: sql`lower(u.first_name || ' ' || u.last_name)`,
      created: sql`f.created_at`,
      size: sql`f.size_bytes`,
    },
    defaultSort: { field: 'created', direction: 'desc' },
    tieBreaker: sql`f.file_id`,
    map: (row) => withoutStorageKey(toSummary(row as FileRow, principal)),
  });
}

/**
 * One file the principal may see, or undefined: unknown and out of reach look the same. The
 * check behind requireFile (files.access.ts), and the re-read of an upload's new rows.
 */
export async function findVisibleFile(
  db: Db,
  principal: Principal,
  fileId: string,
): Promise<FoundFile | undefined> {
  const row = await filesQuery(db, principal).where('f.file_id', '=', fileId).executeTakeFirst();
  return row ? toSummary(row, principal) : undefined;
}

export async function listRecipients(db: Db, file: ScopedFile): Promise<FileRecipient[]> {
  const rows = await db
    .selectFrom('file_recipient as r')
    .innerJoin('app_user as u', 'u.user_no', 'r.user_no')
    .select(['u.user_no', 'u.first_name', 'u.last_name'])
    .where('r.file_id', '=', file.fileId)
    .orderBy(sql`lower(u.last_name), lower(u.first_name), u.user_no`)
    .execute();
  return rows.map((r) => ({ userId: r.user_no, fullName: `${r.first_name} ${r.last_name}` }));
}

/**
 * Users who may be sent a file of an organization: active, with access to it (granted, or
 * internal with every organization) and allowed into the files area.
 */
function recipientCandidates(db: Db, organizationNo: number) {
  return db
    .selectFrom('app_user as u')
    .select([
      'u.user_no',
      'u.first_name',
      'u.last_name',
      'u.user_type',
      sql<string[] | null>`(select array_agg(ro.key) from user_role ur
        join role ro on ro.role_id = ur.role_id where ur.user_no = u.user_no)`.as('role_keys'),
    ])
    .where('u.active', '=', true)
    .where(
      sql<boolean>`((u.user_type = 'i' and (u.rxb_admin or u.all_organizations))
        or exists (select 1 from user_organization uo
          where uo.user_no = u.user_no and uo.organization_no = ${organizationNo}))`,
    )
    .where(
      sql<boolean>`exists (select 1 from user_role ur
        join role_permission rp on rp.role_id = ur.role_id
        where ur.user_no = u.user_no and rp.permission = ${PERMISSIONS.viewFiles})`,
    );
}

interface CandidateRow {
  user_no: number;
  first_name: string;
  last_name: string;
  user_type: UserTypeCode;
  role_keys: string[] | null;
}

function toOption(row: CandidateRow): FileRecipientOption {
  return {
    userId: row.user_no,
    fullName: `${row.first_name} ${row.last_name}`,
    userType: row.user_type,
    canReceivePhi: canReceivePhi({ userType: row.user_type, roleKeys: row.role_keys ?? [] }),
  };
}

export async function searchRecipientOptions(
  db: Db,
  principal: Principal,
  organization: ScopedOrganization,
  query: FileRecipientQuery,
): Promise<Page<FileRecipientOption>> {
  const fullName = sql`lower(u.first_name || ' ' || u.last_name)`;
  let q = recipientCandidates(db, organization.organizationNo).where(
    'u.user_no',
    '<>',
    principal.userNo,
  );
  if (query.name) q = q.where(sql<boolean>`${fullName} like lower(${likePattern(query.name)})`);
  return fetchPage(q, query, {
    sortColumns: { fullName: fullName },
    defaultSort: { field: 'fullName', direction: 'asc' },
    tieBreaker: sql`u.user_no`,
    map: (row) => toOption(row),
  });
}

/** Of the users asked for, those who may receive files of the organization. */
export async function findRecipientCandidates(
  db: Db,
  organizationNo: number,
  userNos: readonly number[],
): Promise<FileRecipientOption[]> {
  if (userNos.length === 0) return [];
  const rows = await recipientCandidates(db, organizationNo)
    .where('u.user_no', 'in', [...userNos])
    .execute();
  return rows.map((row) => toOption(row));
}

export interface NewFileRow {
  fileId: string;
  name: string;
  categoryId: number;
  phi: boolean;
  organizationNo: number;
  size: number;
  sha256: string;
  storageKey: string;
  createdBy: number;
}

export async function insertFiles(
  db: Db,
  files: readonly NewFileRow[],
  recipientUserNos: readonly number[],
): Promise<void> {
  if (files.length === 0) return;
  await db
    .insertInto('file')
    .values(
      files.map((f) => ({
        file_id: f.fileId,
        name: f.name,
        category_id: f.categoryId,
        phi: f.phi,
        organization_no: f.organizationNo,
        size_bytes: f.size,
        sha256: f.sha256,
        storage_key: f.storageKey,
        created_by: f.createdBy,
        updated_by: f.createdBy,
      })),
    )
    .execute();
  const recipients = files.flatMap((f) =>
    recipientUserNos.map((userNo) => ({
      file_id: f.fileId,
      user_no: userNo,
      created_by: f.createdBy,
    })),
  );
  if (recipients.length > 0) await db.insertInto('file_recipient').values(recipients).execute();
}

export async function updateFile(
  db: Db,
  file: UploadedFile,
  changes: { categoryId: number; phi: boolean; recipientUserNos: readonly number[] },
  actorUserNo: number,
): Promise<void> {
  const { fileId } = file;
  await db
    .updateTable('file')
    .set({
      category_id: changes.categoryId,
      phi: changes.phi,
      updated_at: sql`now()`,
      updated_by: actorUserNo,
    })
    .where('file_id', '=', fileId)
    .execute();
  await db
    .deleteFrom('file_recipient')
    .where('file_id', '=', fileId)
    .where('user_no', 'not in', [...changes.recipientUserNos])
    .execute();
  await db
    .insertInto('file_recipient')
    .values(
      changes.recipientUserNos.map((userNo) => ({
        file_id: fileId,
        user_no: userNo,
        created_by: actorUserNo,
      })),
    )
    .onConflict((oc) => oc.columns(['file_id', 'user_no']).doNothing())
    .execute();
}

export async function deleteFileRow(db: Db, file: UploadedFile): Promise<void> {
  await db.deleteFrom('file').where('file_id', '=', file.fileId).execute();
}

export async function insertDownload(db: Db, file: ScopedFile, userNo: number): Promise<void> {
  await db.insertInto('file_download').values({ file_id: file.fileId, user_no: userNo }).execute();
}

export async function searchDownloads(
  db: Db,
  file: UploadedFile,
  query: FileDownloadQuery,
): Promise<Page<FileDownloadReceipt>> {
  const q = db
    .selectFrom('file_download as d')
    .innerJoin('app_user as u', 'u.user_no', 'd.user_no')
    .select(['d.download_id', 'd.user_no', 'u.first_name', 'u.last_name', 'd.downloaded_at'])
    .where('d.file_id', '=', file.fileId);
  return fetchPage(q, query, {
    sortColumns: {
      downloadedAt: sql`d.downloaded_at`,
      fullName: sql`lower(u.first_name || ' ' || u.last_name)`,
    },
    defaultSort: { field: 'downloadedAt', direction: 'desc' },
    tieBreaker: sql`d.download_id`,
    map: (row) => ({
      userId: row.user_no,
      fullName: `${row.first_name} ${row.last_name}`,
      downloadedAt: new Date(row.downloaded_at).toISOString(),
    }),
  });
}
