import type { Kysely } from 'kysely';
import type { Principal } from '../../platform/auth/principal.ts';
import { issueScoped, type Scoped } from '../../platform/access/scoped.ts';
import { notFound } from '../../platform/http/problem.ts';
import type { DB } from '../../database.ts';
import { requireDependent, requireEmployee } from '../members/index.ts';
import { requireOrganization } from '../organizations/index.ts';
import {
  findAttachment,
  findVisibleIssue,
  type AttachmentRow,
  type IssueRow,
} from './issues.repo.ts';

/*
 * The call notes' access checks (decision 0095). A note belongs to a member (checked with the
 * members module's requireEmployee/requireDependent), to an organization (requireOrganization),
 * or to nobody ('Organization Not Found'); an issue or attachment outside the principal's scope
 * answers 404 exactly like one that does not exist.
 */

/** Whom a new note is about, after the scope check: the handle insertIssue takes. */
export type IssueMember = Scoped<
  'issue-member',
  { organizationNo: number | null; employeeNo: number | null; dependentNo: number | null }
>;

/** An issue the principal may see, with the row the check loaded. */
export type ScopedIssue = Scoped<'issue', { issueNo: number; row: IssueRow }>;

/** An attachment of a visible issue, named by its id and its file name. */
export type ScopedAttachment = Scoped<
  'issue-attachment',
  { issueNo: number; fileId: string; row: AttachmentRow }
>;

/** The member, organization or nobody a note is recorded for; 404 outside the scope. */
export async function requireIssueMember(
  db: Kysely<DB>,
  principal: Principal,
  target: { organizationNo: number | null; employeeNo: number | null; dependentNo: number | null },
): Promise<IssueMember> {
  const { organizationNo, employeeNo, dependentNo } = target;
  if (organizationNo !== null && employeeNo !== null) {
    const employee = await requireEmployee(db, principal, organizationNo, employeeNo);
    if (dependentNo !== null) await requireDependent(db, principal, employee, dependentNo);
  } else if (organizationNo !== null) {
    await requireOrganization(db, principal, organizationNo);
  }
  return issueScoped('issue-member', { organizationNo, employeeNo, dependentNo });
}

export async function requireIssue(
  db: Kysely<DB>,
  principal: Principal,
  issueNo: number,
): Promise<ScopedIssue> {
  const row = await findVisibleIssue(db, principal, issueNo);
  if (!row) throw notFound('Issue');
  return issueScoped('issue', { issueNo, row });
}

/** Spec 2 §5: issue number, file id and file name all name the attachment; else 404. */
export async function requireAttachment(
  db: Kysely<DB>,
  issue: ScopedIssue,
  fileId: string,
  fileName: string,
): Promise<ScopedAttachment> {
  const row = await findAttachment(db, issue, fileId, fileName);
  if (!row) throw notFound('Attachment');
  return issueScoped('issue-attachment', { issueNo: issue.issueNo, fileId, row });
}
