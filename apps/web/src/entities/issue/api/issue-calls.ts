import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  ISSUE_MESSAGES,
  ISSUE_TYPES_STALE_MS,
  RECENT_ISSUES_LIMIT,
  issuesContracts,
  type IssueCommentInput,
  type IssueDetail,
  type IssueEmailInput,
  type IssueEmailResult,
  type IssueFormInput,
  type IssueTypeList,
} from '@pillar/domain';
import { saveFile } from '../../../shared/api/api-client.ts';
import { hasStatus, isApiError } from '../../../shared/api/api-error.ts';
import { callApi, callDownload } from '../../../shared/api/call-api.ts';
import { issueKeys } from '../query-keys.ts';

/** A page of an agent's pending notes (My Pending Notes). */
export interface PendingIssuesSearch {
  limit: number;
  offset: number;
  /** field:asc|desc over PENDING_ISSUE_SORT_FIELDS; newest first when absent. */
  sort?: string;
}

/** A member's (or one dependent's) notes of the last 6 months (Recent Notes). */
export interface RecentIssuesSearch {
  organizationNo: number;
  dependentNo?: number;
  limit?: number;
}

/** GET {issues}/issueTypes: the issue types with their sub types. */
export function getIssueTypes(signal?: AbortSignal): Promise<IssueTypeList> {
  return callApi(issuesContracts.issueTypes, { signal });
}

/** Spec 2 §9: the issue types are asked again after 23 hours, and kept that long unused. */
export function issueTypesQueryOptions() {
  return queryOptions({
    queryKey: issueKeys.types(),
    queryFn: ({ signal }) => getIssueTypes(signal),
    staleTime: ISSUE_TYPES_STALE_MS,
    gcTime: ISSUE_TYPES_STALE_MS,
  });
}

export function useIssueTypes(enabled = true) {
  return useQuery({ ...issueTypesQueryOptions(), enabled });
}

/** What the notes form saves: its fields (the jsondata part) and the files it attaches. */
export interface NewIssue {
  form: IssueFormInput;
  files: readonly File[];
}

/**
 * POST {issues}/records (multipart): the jsondata part first, so the server checks the form
 * before it reads a byte of the files, then one part named file for each attachment.
 */
export function createIssue(issue: NewIssue): Promise<IssueDetail> {
  const body = new FormData();
  body.append('jsondata', JSON.stringify(issue.form));
  for (const file of issue.files) body.append('file', file, file.name);
  return callApi(issuesContracts.create, { body });
}

/**
 * What a failed save or comment tells the agent (spec 2 §8 "Issues"): the server's own detail
 * for a refused input (it names the field, or says the attachments must total under 24 MB), an
 * expired session's message, otherwise 'Failed to create a new issue…'.
 */
export function issueFailureText(error: unknown): string {
  if (hasStatus(error, 401)) return ISSUE_MESSAGES.userNotVerified;
  if (hasStatus(error, 404)) return ISSUE_MESSAGES.memberNotVerified;
  if (isApiError(error) && error.status === 400 && error.detail) return error.detail;
  return ISSUE_MESSAGES.createFailed;
}

export function useCreateIssue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createIssue,
    // The form shows the failure itself, in the spec's words.
    meta: { title: 'Save Notes', method: 'POST', notifySuccess: false, notifyError: false },
    onSuccess: async (issue) => {
      queryClient.setQueryData(issueKeys.detail(issue.issueNo), issue);
      await queryClient.invalidateQueries({ queryKey: issueKeys.lists() });
    },
  });
}

/** GET {issues}/records/{issueNo}?isIssue=true: the issue drawer. */
export function getIssue(issueNo: number, signal?: AbortSignal): Promise<IssueDetail> {
  return callApi(issuesContracts.get, {
    params: { issueNo },
    query: { isIssue: 'true' },
    signal,
  });
}

export function issueQueryOptions(issueNo: number | null) {
  return queryOptions({
    queryKey: issueKeys.detail(issueNo ?? 0),
    queryFn: ({ signal }) => getIssue(issueNo!, signal),
    enabled: issueNo !== null,
  });
}

export function useIssue(issueNo: number | null) {
  return useQuery(issueQueryOptions(issueNo));
}

/** GET {issues}/records/agents/{userNo}?isAgent=true&isPending=true&limit&offset&sort */
export function listPendingIssues(
  userNo: number,
  search: PendingIssuesSearch,
  signal?: AbortSignal,
) {
  return callApi(issuesContracts.pending, {
    params: { userNo },
    query: { isAgent: 'true', isPending: 'true', ...search },
    signal,
  });
}

export function pendingIssuesQueryOptions(userNo: number, search: PendingIssuesSearch) {
  return queryOptions({
    queryKey: issueKeys.pending(userNo, search),
    queryFn: ({ signal }) => listPendingIssues(userNo, search, signal),
    placeholderData: keepPreviousData,
  });
}

/** The count on the My Pending Notes tab: a page of one row carries the total. */
export function usePendingIssueCount(userNo: number) {
  const count = useQuery(pendingIssuesQueryOptions(userNo, { limit: 1, offset: 0 }));
  return count.data?.totalCount;
}

/** GET {issues}/records/members/{employeeId}?organizationNo&dependentNo&limit=10 */
export function listRecentIssues(
  employeeNo: number,
  search: RecentIssuesSearch,
  signal?: AbortSignal,
) {
  return callApi(issuesContracts.recent, {
    params: { employeeId: employeeNo },
    query: { limit: RECENT_ISSUES_LIMIT, ...search },
    signal,
  });
}

export function recentIssuesQueryOptions(employeeNo: number, search: RecentIssuesSearch) {
  return queryOptions({
    queryKey: issueKeys.recent(employeeNo, search),
    queryFn: ({ signal }) => listRecentIssues(employeeNo, search, signal),
  });
}

export function useRecentIssues(employeeNo: number, search: RecentIssuesSearch) {
  return useQuery(recentIssuesQueryOptions(employeeNo, search));
}

/** POST {issues}/records/{issueNo}/comments: a comment, marking the issue Done when asked. */
export function commentOnIssue(issueNo: number, input: IssueCommentInput): Promise<IssueDetail> {
  return callApi(issuesContracts.comment, { params: { issueNo }, body: input });
}

export function useCommentOnIssue(issueNo: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: IssueCommentInput) => commentOnIssue(issueNo, input),
    meta: { title: 'Add Comment', method: 'POST', notifySuccess: false, notifyError: false },
    onSuccess: async (issue) => {
      queryClient.setQueryData(issueKeys.detail(issue.issueNo), issue);
      await queryClient.invalidateQueries({ queryKey: issueKeys.lists() });
    },
  });
}

export interface AttachmentRef {
  issueNo: number;
  fileId: string;
  fileName: string;
}

/** GET {issues}/{issueNo}/v1/attachments/{fileId}?fileName: to the browser's save dialog. */
export async function downloadIssueAttachment({
  issueNo,
  fileId,
  fileName,
}: AttachmentRef): Promise<void> {
  saveFile(
    await callDownload(issuesContracts.downloadAttachment, {
      params: { issueNo, fileId },
      query: { fileName },
    }),
  );
}

export function useDownloadIssueAttachment() {
  return useMutation({
    mutationFn: downloadIssueAttachment,
    meta: { title: 'Download Attachment', method: 'POST', notifySuccess: false },
  });
}

/** DELETE {issues}/{issueNo}/v1/attachments/{fileId}?fileName */
export function deleteIssueAttachment({ issueNo, fileId, fileName }: AttachmentRef) {
  return callApi(issuesContracts.deleteAttachment, {
    params: { issueNo, fileId },
    query: { fileName },
  });
}

export function useDeleteIssueAttachment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteIssueAttachment,
    meta: { title: 'Delete Attachment', method: 'DELETE' },
    onSuccess: async (_answer, ref) => {
      await queryClient.invalidateQueries({ queryKey: issueKeys.detail(ref.issueNo) });
    },
  });
}

/** POST {issues}/records/{issueNo}/email: the issue and its attachments to a contact. */
export function emailIssue(issueNo: number, input: IssueEmailInput): Promise<IssueEmailResult> {
  return callApi(issuesContracts.email, { params: { issueNo }, body: input });
}

/**
 * What a refused e-mail tells the agent: the server's own detail for a 400 (spec 2 §8: 'Total
 * attachments must be under 24MB to be emailed.', or no address for the contact); null when the
 * generic error notification should speak.
 */
export function issueEmailRefusal(error: unknown): string | null {
  return isApiError(error) && error.status === 400 && error.detail ? error.detail : null;
}

export function useEmailIssue(issueNo: number) {
  return useMutation({
    mutationFn: (input: IssueEmailInput) => emailIssue(issueNo, input),
    // The drawer says a refusal in the server's words.
    meta: { title: 'E-mail Issue', method: 'POST', notifySuccess: false, notifyError: false },
  });
}
