import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { CommunicationMethod, FurtherAction } from '@pillar/domain';

/** Row types of the call notes' tables (migration 0013-issues). */

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Instant = ColumnType<Date, Date | string | undefined, Date | string>;

export interface MemberIssueTypeTable {
  member_issue_type_no: Generated<number>;
  name: string;
  sort_order: Generated<number>;
}

export interface MemberIssueSubtypeTable {
  member_issue_subtype_no: Generated<number>;
  member_issue_type_no: number;
  name: string;
  sort_order: Generated<number>;
}

/** An EOC (a PA case) as stored with the issue. */
export interface StoredEoc {
  paCaseId: string;
  serviceName: string;
  eventId: string | null;
  status: string | null;
  requestDate: string | null;
}

export interface MemberIssueTable {
  issue_no: Generated<number>;
  /** Null for a note recorded under 'Organization Not Found'. */
  organization_no: number | null;
  /** Null for an organization's note or one without an organization. */
  employee_no: number | null;
  dependent_no: number | null;
  /** 1 Open, 2 Pending, 3 Done (ISSUE_STATUS). */
  process_status: number;
  further_action: FurtherAction;
  call_id: string | null;
  communication_method: CommunicationMethod;
  /** The caller type (CALLER_TYPES). */
  relationship: number;
  caller_name: string;
  phone_no: string | null;
  npi: string | null;
  location: string | null;
  member_issue_type_no: number;
  member_issue_subtype_no: number;
  eocs: JSONColumnType<StoredEoc[], string, string>;
  created_at: CreatedAt;
  /** The agent, from the session (never the payload). */
  created_by: number;
  closed_at: Instant | null;
  closed_by: number | null;
  updated_at: Generated<Date>;
  updated_by: number | null;
}

export interface MemberIssueCommentTable {
  issue_comment_no: Generated<number>;
  issue_no: number;
  comment: string;
  created_at: CreatedAt;
  created_by: number;
}

export interface MemberIssueAttachmentTable {
  file_id: string;
  issue_no: number;
  file_name: string;
  size_bytes: number;
  /** Hex SHA-256 of the plaintext, computed while the upload streamed. */
  sha256: string;
  /** Where the bytes are in the file storage: 'issues/<file id>'. */
  storage_key: string;
  /** The order the files came in the upload. */
  position: Generated<number>;
  created_at: CreatedAt;
  created_by: number;
}

/** Demo attachments' content, staged by the seed and moved into storage when the server starts. */
export interface MemberIssueAttachmentSeedContentTable {
  file_id: string;
  content: Uint8Array;
}

export interface IssueTables {
  member_issue_type: MemberIssueTypeTable;
  member_issue_subtype: MemberIssueSubtypeTable;
  member_issue: MemberIssueTable;
  member_issue_comment: MemberIssueCommentTable;
  member_issue_attachment: MemberIssueAttachmentTable;
  member_issue_attachment_seed_content: MemberIssueAttachmentSeedContentTable;
}
