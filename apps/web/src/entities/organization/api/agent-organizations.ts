import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import {
  AGENT_ORGANIZATION_PAGE_SIZE,
  agentSearchContracts,
  type AgentOrganizationPage,
  type OrganizationDetail,
} from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { organizationKeys } from '../query-keys.ts';

/*
 * The agent desktop reads organizations through the search service (decision 0101): an agent
 * holds no portal-view-organizations, so the portal's organization calls answer it 403.
 */

/** GET {msrSearch}/organizations: one page of 100 of the organizations in the agent's scope. */
export function listAgentOrganizations(
  name: string,
  offset: number,
  signal?: AbortSignal,
): Promise<AgentOrganizationPage> {
  return callApi(agentSearchContracts.organizations, {
    query: {
      name: name || undefined,
      limit: AGENT_ORGANIZATION_PAGE_SIZE,
      offset,
      sort: 'name:asc',
    },
    signal,
  });
}

/** The infinite select's pages for a name: the next offset until totalCount is reached. */
export function agentOrganizationPagesQueryOptions(name: string) {
  return infiniteQueryOptions({
    queryKey: organizationKeys.agentOptions(name),
    queryFn: ({ pageParam, signal }) => listAgentOrganizations(name, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, page) => n + page.data.length, 0);
      return loaded < last.totalCount && last.data.length > 0 ? loaded : undefined;
    },
  });
}

export function useAgentOrganizationPages(name: string) {
  return useInfiniteQuery(agentOrganizationPagesQueryOptions(name));
}

/** GET {msrSearch}/organizations/{orgId}: the agent's organization detail; 404 outside scope. */
export function getAgentOrganization(
  orgId: number,
  signal?: AbortSignal,
): Promise<OrganizationDetail> {
  return callApi(agentSearchContracts.organization, { params: { orgId }, signal });
}

export function agentOrganizationQueryOptions(orgId: number) {
  return queryOptions({
    queryKey: organizationKeys.agentDetail(orgId),
    queryFn: ({ signal }) => getAgentOrganization(orgId, signal),
  });
}

/** The organization as an agent sees it (the organization detail page, the member's panel). */
export function useAgentOrganization(orgId: number, enabled = true) {
  return useQuery({ ...agentOrganizationQueryOptions(orgId), enabled });
}
