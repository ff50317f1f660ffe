import type { PendingIssuesSearch, RecentIssuesSearch } from './api/issue-calls.ts';

/**
 * Every query key of call notes (issues), from one root (`['issue']`), so a write invalidates by
 * prefix: `lists()` covers My Pending Notes and every member's Recent Notes (a save or a comment
 * changes both), `detail(issueNo)` one issue (the drawer).
 */
export const issueKeys = {
  all: ['issue'] as const,
  types: () => [...issueKeys.all, 'types'] as const,
  lists: () => [...issueKeys.all, 'list'] as const,
  pending: (userNo: number, search: PendingIssuesSearch) =>
    [...issueKeys.lists(), 'pending', userNo, search] as const,
  recent: (employeeNo: number, search: RecentIssuesSearch) =>
    [...issueKeys.lists(), 'recent', employeeNo, search] as const,
  detail: (issueNo: number) => [...issueKeys.all, 'detail', issueNo] as const,
};
