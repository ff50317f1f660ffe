import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import {
  ISSUE_STATUS,
  ORGANIZATION_NOT_FOUND,
  issueStatusName,
  type IssueForm,
  type IssueSummary,
  type IssueType,
  type Page,
  type PendingIssuesQuery,
} from '@pillar/domain';
import type { Principal } from '../../platform/auth/principal.ts';
import { inOrganizationScope } from '../../platform/auth/scope.ts';
import { fetchPage } from '../../platform/http/paging.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { moveStagedContentIntoStorage } from '../../platform/storage/staged-content.ts';
import type { DB } from '../../database.ts';
import { dependentNameOf, employeeInScope, employeeNameOf, memberIdOf } from '../members/index.ts';
import { organizationNameOf } from '../organizations/index.ts';
import type { IssueMember, ScopedAttachment, ScopedIssue } from './issues.access.ts';
import type { StoredEoc } from './issues.tables.ts';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Every statement of the call notes. An issue is visible (SQL, alias `i`): a member's when the
 * member is in the principal's organizations and groups; an organization's when the
 * organization is in scope; one recorded under 'Organization Not Found' to its creator and to
 * principals of every organization (decision 0102).
 */
export function issueVisibleTo(principal: Principal): RawBuilder<boolean> {
  const everyOrganization = principal.organizations === 'all';
  return sql<boolean>`(case
    when i.employee_no is not null then ${employeeInScope(principal, 'i.employee_no')}
    when i.organization_no is not null then ${inOrganizationScope(principal, 'i.organization_no')}
    else (${sql.lit(everyOrganization)} or i.created_by = ${principal.userNo})
  end)`;
}

// ---- Issue types ----

export async function listIssueTypes(db: Db): Promise<IssueType[]> {
  const types = await db
    .selectFrom('member_issue_type')
    .select(['member_issue_type_no', 'name'])
    .orderBy('sort_order')
    .orderBy('member_issue_type_no')
    .execute();
  const subTypes = await db
    .selectFrom('member_issue_subtype')
    .select(['member_issue_subtype_no', 'member_issue_type_no', 'name'])
    .orderBy('member_issue_type_no')
    .orderBy('sort_order')
    .orderBy('member_issue_subtype_no')
    .execute();
  return types.map((type) => ({
    memberIssueTypeNo: type.member_issue_type_no,
    name: type.name,
    subTypes: subTypes
      .filter((s) => s.member_issue_type_no === type.member_issue_type_no)
      .map((s) => ({ memberIssueSubTypeNo: s.member_issue_subtype_no, name: s.name })),
  }));
}

/** Whether the sub type exists and belongs to the type; undefined when the type does not exist. */
export async function subtypeBelongsTo(
  db: Db,
  typeNo: number,
  subTypeNo: number,
): Promise<{ typeExists: boolean; subTypeOfType: boolean }> {
  const row = await db
    .selectFrom('member_issue_type as t')
    .leftJoin('member_issue_subtype as s', (join) =>
      join
        .onRef('s.member_issue_type_no', '=', 't.member_issue_type_no')
        .on('s.member_issue_subtype_no', '=', subTypeNo),
    )
    .select(['t.member_issue_type_no', 's.member_issue_subtype_no'])
    .where('t.member_issue_type_no', '=', typeNo)
    .executeTakeFirst();
  return { typeExists: row !== undefined, subTypeOfType: row?.member_issue_subtype_no != null };
}

// ---- Writing an issue ----

export interface NewAttachment {
  fileId: string;
  name: string;
  size: number;
  sha256: string;
  storageKey: string;
}

/** The issue, its details (the first comment) and its attachments; the agent is the creator. */
export async function insertIssue(
  trx: Transaction<DB>,
  member: IssueMember,
  form: IssueForm,
  status: number,
  createdBy: number,
  attachments: readonly NewAttachment[],
): Promise<number> {
  const eocs: StoredEoc[] = form.eocs.map((e) => ({
    paCaseId: e.paCaseId,
    serviceName: e.serviceName,
    eventId: e.eventId ?? null,
    status: e.status ?? null,
    requestDate: e.requestDate ?? null,
  }));
  const { issue_no: issueNo } = await trx
    .insertInto('member_issue')
    .values({
      organization_no: member.organizationNo,
      employee_no: member.employeeNo,
      dependent_no: member.dependentNo,
      process_status: status,
      further_action: form.furtherActionNeeded,
      call_id: form.callId,
      communication_method: form.communicationMethod,
      relationship: form.relationship,
      caller_name: form.name,
      phone_no: form.phoneNo,
      npi: form.npi,
      location: form.location,
      member_issue_type_no: form.memberIssueTypeNo,
      member_issue_subtype_no: form.memberIssueSubTypeNo,
      eocs: JSON.stringify(eocs),
      created_by: createdBy,
      updated_by: createdBy,
    })
    .returning('issue_no')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('member_issue_comment')
    .values({ issue_no: issueNo, comment: form.comment, created_by: createdBy })
    .execute();
  if (attachments.length > 0) {
    await trx
      .insertInto('member_issue_attachment')
      .values(
        attachments.map((a, position) => ({
          file_id: a.fileId,
          position,
          issue_no: issueNo,
          file_name: a.name,
          size_bytes: a.size,
          sha256: a.sha256,
          storage_key: a.storageKey,
          created_by: createdBy,
        })),
      )
      .execute();
  }
  return issueNo;
}

export async function insertComment(
  trx: Transaction<DB>,
  issue: ScopedIssue,
  comment: string,
  userNo: number,
): Promise<void> {
  await trx
    .insertInto('member_issue_comment')
    .values({ issue_no: issue.issueNo, comment, created_by: userNo })
    .execute();
}

/**
 * Marks the issue Done with its closing date and person; the status condition makes a second,
 * concurrent close (or one of a Pending issue) change nothing. True when it closed.
 */
export async function closeIssue(
  trx: Transaction<DB>,
  issue: ScopedIssue,
  userNo: number,
): Promise<boolean> {
  const result = await trx
    .updateTable('member_issue')
    .set({
      process_status: ISSUE_STATUS.done,
      closed_at: sql<Date>`now()`,
      closed_by: userNo,
      updated_at: sql<Date>`now()`,
      updated_by: userNo,
    })
    .where('issue_no', '=', issue.issueNo)
    .where('process_status', '=', ISSUE_STATUS.open)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A comment that keeps the status still records who touched the issue last. */
export async function touchIssue(
  trx: Transaction<DB>,
  issue: ScopedIssue,
  userNo: number,
): Promise<void> {
  await trx
    .updateTable('member_issue')
    .set({ updated_at: sql<Date>`now()`, updated_by: userNo })
    .where('issue_no', '=', issue.issueNo)
    .execute();
}

// ---- Reading one issue ----

const userName = (column: string) =>
  sql<string>`(select u.first_name || ' ' || u.last_name from app_user u where u.user_no = ${sql.ref(column)})`;

/** The issues (i) with their type (t) and sub type (s). */
function issuesWithTypes(db: Db) {
  return db
    .selectFrom('member_issue as i')
    .innerJoin('member_issue_type as t', 't.member_issue_type_no', 'i.member_issue_type_no')
    .innerJoin(
      'member_issue_subtype as s',
      's.member_issue_subtype_no',
      'i.member_issue_subtype_no',
    );
}

function issueColumns(db: Db) {
  return issuesWithTypes(db).select([
    'i.issue_no',
    'i.organization_no',
    'i.employee_no',
    'i.dependent_no',
    'i.process_status',
    'i.further_action',
    'i.call_id',
    'i.communication_method',
    'i.relationship',
    'i.caller_name',
    'i.phone_no',
    'i.npi',
    'i.location',
    'i.member_issue_type_no',
    't.name as type_name',
    'i.member_issue_subtype_no',
    's.name as subtype_name',
    'i.eocs',
    'i.created_at',
    'i.created_by',
    userName('i.created_by').as('created_by_name'),
    'i.closed_at',
    sql<
      string | null
    >`case when i.closed_by is null then null else ${userName('i.closed_by')} end`.as(
      'closed_by_name',
    ),
    sql<string>`coalesce(${organizationNameOf('i.organization_no')}, ${ORGANIZATION_NOT_FOUND})`.as(
      'organization_name',
    ),
    employeeNameOf('i.employee_no').as('employee_name'),
    dependentNameOf('i.dependent_no').as('dependent_name'),
    memberIdOf('i.employee_no').as('generated_id'),
  ]);
}

export type IssueRow = NonNullable<Awaited<ReturnType<typeof findVisibleIssue>>>;

/** The issue when the principal may see it; undefined otherwise (a 404 either way). */
export function findVisibleIssue(db: Db, principal: Principal, issueNo: number) {
  return issueColumns(db)
    .where('i.issue_no', '=', issueNo)
    .where(issueVisibleTo(principal))
    .executeTakeFirst();
}

export function listComments(db: Db, issue: ScopedIssue) {
  return db
    .selectFrom('member_issue_comment as c')
    .select([
      'c.issue_comment_no',
      'c.comment',
      'c.created_by',
      userName('c.created_by').as('created_by_name'),
      'c.created_at',
    ])
    .where('c.issue_no', '=', issue.issueNo)
    .orderBy('c.issue_comment_no')
    .execute();
}

const ATTACHMENT_COLUMNS = [
  'a.file_id',
  'a.file_name',
  'a.size_bytes',
  'a.storage_key',
  'a.created_by',
  'a.created_at',
] as const;

export function listAttachments(db: Db, issue: ScopedIssue) {
  return db
    .selectFrom('member_issue_attachment as a')
    .select(ATTACHMENT_COLUMNS)
    .where('a.issue_no', '=', issue.issueNo)
    .orderBy('a.created_at')
    .orderBy('a.position')
    .orderBy('a.file_id')
    .execute();
}

export type AttachmentRow = Awaited<ReturnType<typeof listAttachments>>[number];

/** The attachment of this issue with this id and this name (spec 2 §5: all three). */
export function findAttachment(db: Db, issue: ScopedIssue, fileId: string, fileName: string) {
  return db
    .selectFrom('member_issue_attachment as a')
    .select(ATTACHMENT_COLUMNS)
    .where('a.issue_no', '=', issue.issueNo)
    .where('a.file_id', '=', fileId)
    .where('a.file_name', '=', fileName)
    .executeTakeFirst();
}

export async function deleteAttachmentRow(
  trx: Transaction<DB>,
  attachment: ScopedAttachment,
): Promise<void> {
  await trx
    .deleteFrom('member_issue_attachment')
    .where('file_id', '=', attachment.fileId)
    .where('issue_no', '=', attachment.issueNo)
    .execute();
}

// ---- Lists ----

function summaryQuery(db: Db, principal: Principal) {
  return issuesWithTypes(db)
    .select([
      'i.issue_no',
      'i.created_at',
      'i.process_status',
      't.name as type_name',
      's.name as subtype_name',
      userName('i.created_by').as('created_by_name'),
      employeeNameOf('i.employee_no').as('employee_name'),
      dependentNameOf('i.dependent_no').as('dependent_name'),
      sql<string>`coalesce(${organizationNameOf('i.organization_no')}, ${ORGANIZATION_NOT_FOUND})`.as(
        'organization_name',
      ),
      sql<string>`(select c.comment from member_issue_comment c where c.issue_no = i.issue_no
        order by c.issue_comment_no limit 1)`.as('details'),
    ])
    .where(issueVisibleTo(principal));
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryQuery>['execute']>>[number];

function toSummary(row: SummaryRow): IssueSummary {
  const status = row.process_status as 1 | 2 | 3;
  return {
    issueNo: row.issue_no,
    createdDate: new Date(row.created_at).toISOString(),
    processStatus: status,
    processStatusName: issueStatusName(status),
    memberIssueTypeName: row.type_name,
    memberIssueSubtypeName: row.subtype_name,
    createdByName: row.created_by_name,
    employeeName: row.employee_name,
    dependentName: row.dependent_name,
    organizationName: row.organization_name,
    comments: row.details,
  };
}

/** An agent's notes not yet Done, newest first (My Pending Notes). */
export function searchPendingIssues(
  db: Db,
  principal: Principal,
  agentUserNo: number,
  query: PendingIssuesQuery,
): Promise<Page<IssueSummary>> {
  const rows = summaryQuery(db, principal)
    .where('i.created_by', '=', agentUserNo)
    // A literal, so the partial index (status not Done) serves the generic plan too.
    .where(sql<boolean>`i.process_status <> ${sql.lit(ISSUE_STATUS.done)}`);
  return fetchPage(rows, query, {
    sortColumns: { createdDate: sql`i.created_at`, issueNo: sql`i.issue_no` },
    defaultSort: { field: 'createdDate', direction: 'desc' },
    tieBreaker: sql`i.issue_no`,
    map: toSummary,
  });
}

/** A member's (or one dependent's) notes since `since`, newest first, at most `limit`. */
export async function searchRecentIssues(
  db: Db,
  principal: Principal,
  member: { employeeNo: number; dependentNo: number | null },
  since: Date,
  limit: number,
): Promise<Page<IssueSummary>> {
  let rows = summaryQuery(db, principal)
    .where('i.employee_no', '=', member.employeeNo)
    .where('i.created_at', '>=', since);
  if (member.dependentNo !== null) rows = rows.where('i.dependent_no', '=', member.dependentNo);
  const data = await rows
    .orderBy('i.created_at', 'desc')
    .orderBy('i.issue_no', 'desc')
    .limit(limit)
    .execute();
  return { data: data.map(toSummary), totalCount: data.length };
}

// ---- Demo content ----

/**
 * Moves the demo attachments' staged content into storage (moveStagedContentIntoStorage says
 * how): the staging row is claimed with a delete, so two servers starting together store each once.
 */
export async function moveSeedAttachmentsIntoStorage(
  db: Kysely<DB>,
  storage: FileStorage,
): Promise<number> {
  const pending = await db
    .selectFrom('member_issue_attachment_seed_content as c')
    .innerJoin('member_issue_attachment as a', 'a.file_id', 'c.file_id')
    .select(['c.file_id', 'a.storage_key'])
    .execute();
  return moveStagedContentIntoStorage(db, storage, pending, (trx, fileId) =>
    trx
      .deleteFrom('member_issue_attachment_seed_content')
      .where('file_id', '=', fileId)
      .returning('content')
      .executeTakeFirst(),
  );
}
