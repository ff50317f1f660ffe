/*
 * The call-notes (issue) entity's public surface (spec 2 §2, §3, §4, §7 "Issues service", §8, §9):
 * the issues service's calls and their keys, and the blocks the agent screens place. Features
 * import only this file; every key starts at issueKeys.all.
 *
 * Blocks:
 * - `<IssueDrawer issueNo={n | null} onClose={...} />`: the drawer 'Issue # n' (45%) with its
 *   attachments, comments and the add-comment form (Done while the issue may be marked Done).
 * - `<PendingNotes userNo={...} />`: My Pending Notes, paged through the URL (prefix `pn`).
 * - `<RecentNotes organizationNo employeeNo dependentNo? />`: the member's Recent Notes.
 * - `<IssueLoadFailed className? />`: 'Unable To Load Data' for an issue that did not load.
 */
export { issueKeys } from './query-keys.ts';
export {
  commentOnIssue,
  createIssue,
  deleteIssueAttachment,
  downloadIssueAttachment,
  emailIssue,
  getIssue,
  getIssueTypes,
  issueEmailRefusal,
  issueFailureText,
  issueQueryOptions,
  issueTypesQueryOptions,
  listPendingIssues,
  listRecentIssues,
  pendingIssuesQueryOptions,
  recentIssuesQueryOptions,
  useCommentOnIssue,
  useCreateIssue,
  useDeleteIssueAttachment,
  useDownloadIssueAttachment,
  useEmailIssue,
  useIssue,
  useIssueTypes,
  usePendingIssueCount,
  useRecentIssues,
  type AttachmentRef,
  type NewIssue,
  type PendingIssuesSearch,
  type RecentIssuesSearch,
} from './api/issue-calls.ts';
export { IssueDrawer, type IssueDrawerProps } from './ui/issue-drawer.tsx';
export { IssueLoadFailed } from './ui/issue-load-failed.tsx';
export {
  PendingNotes,
  RecentNotes,
  type PendingNotesProps,
  type RecentNotesProps,
} from './ui/issue-lists.tsx';
