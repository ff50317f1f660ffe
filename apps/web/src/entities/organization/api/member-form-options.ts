import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  MAX_PAGE_SIZE,
  organizationWorkspaceContracts,
  type BenefitGroup,
  type BenefitPackage,
  type Division,
  type GroupIncentivePrograms,
  type Page,
} from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { organizationKeys } from '../query-keys.ts';

/*
 * The organization-level reads the member forms need (spec 1 §7): its groups by status, a group's
 * divisions and incentive programs, and its benefit packages. The organization's Members tab
 * (create member) and the member page both use them; the organization itself is
 * get-organization.ts.
 */

/** Spec 1 §4: group options are filtered Active, Termed or All. */
export type GroupStatusFilter = 'active' | 'termed' | 'all';
export const GROUP_STATUS_FILTERS: readonly { value: GroupStatusFilter; label: string }[] = [
  { value: 'active', label: 'Active' },
  { value: 'termed', label: 'Termed' },
  { value: 'all', label: 'All' },
];

/** The filter that shows a group of this status (spec 1 §4: defaults to the current group's). */
export function groupStatusFilterOf(processStatus: number | undefined): GroupStatusFilter {
  return processStatus === 9 ? 'termed' : 'active';
}

const STATUS_CODE: Record<GroupStatusFilter, number | undefined> = {
  active: 1,
  termed: 9,
  all: undefined,
};

/** GET {portal}/organizations/{orgId}/groups?processStatus: the groups the user may see. */
export function memberGroupOptionsQueryOptions(orgId: number, status: GroupStatusFilter) {
  return queryOptions({
    queryKey: organizationKeys.memberGroupOptions(orgId, status),
    queryFn: ({ signal }): Promise<Page<BenefitGroup>> =>
      callApi(organizationWorkspaceContracts.groups, {
        params: { orgId },
        query: {
          limit: MAX_PAGE_SIZE,
          offset: 0,
          sort: 'name:asc',
          processStatus: STATUS_CODE[status],
        },
        signal,
      }),
  });
}

export function useMemberGroupOptions(orgId: number, status: GroupStatusFilter, enabled = true) {
  return useQuery({ ...memberGroupOptionsQueryOptions(orgId, status), enabled });
}

/** GET {portal}/organizations/{orgId}/groups/{groupNo}/divisions. */
export function divisionsQueryOptions(orgId: number, groupNo: number) {
  return queryOptions({
    queryKey: organizationKeys.divisions(orgId, groupNo),
    queryFn: ({ signal }): Promise<{ data: Division[]; totalCount: number }> =>
      callApi(organizationWorkspaceContracts.divisions, {
        params: { orgId, groupId: groupNo },
        signal,
      }),
  });
}

export function useDivisions(orgId: number, groupNo: number | undefined, enabled = true) {
  return useQuery({
    ...divisionsQueryOptions(orgId, groupNo ?? 0),
    enabled: enabled && groupNo !== undefined && groupNo > 0,
  });
}

/** GET {portal}/organizations/{orgId}/incentive-programs?groupId: what a group supports. */
export function incentiveProgramsQueryOptions(orgId: number, groupNo: number) {
  return queryOptions({
    queryKey: organizationKeys.incentivePrograms(orgId, groupNo),
    queryFn: ({ signal }): Promise<{ data: GroupIncentivePrograms[] }> =>
      callApi(organizationWorkspaceContracts.incentivePrograms, {
        params: { orgId },
        query: { groupId: groupNo },
        signal,
      }),
  });
}

/** The incentive programs the group supports (spec 1 §3: each shown only when it does). */
export function useGroupIncentivePrograms(orgId: number, groupNo: number | undefined) {
  const query = useQuery({
    ...incentiveProgramsQueryOptions(orgId, groupNo ?? 0),
    enabled: groupNo !== undefined && groupNo > 0,
  });
  const programs = query.data?.data.find((g) => g.benefitGroupNo === groupNo)?.programs ?? [];
  return { ...query, programs };
}

/** GET {portal}/organizations/{orgId}/benefit-packages. */
export function benefitPackagesQueryOptions(orgId: number) {
  return queryOptions({
    queryKey: organizationKeys.benefitPackageOptions(orgId),
    queryFn: ({ signal }): Promise<Page<BenefitPackage>> =>
      callApi(organizationWorkspaceContracts.benefitPackages, {
        params: { orgId },
        query: { limit: MAX_PAGE_SIZE, offset: 0, sort: 'name:asc' },
        signal,
      }),
  });
}

export function useBenefitPackages(orgId: number, enabled = true) {
  return useQuery({ ...benefitPackagesQueryOptions(orgId), enabled });
}
