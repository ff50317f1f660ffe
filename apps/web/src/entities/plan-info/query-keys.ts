import type { AorQuery } from '@pillar/domain';
import type { PbcTarget } from './api/get-pbc.ts';

/**
 * Every query key of plan information, from one root (`['plan-info']`), so a write invalidates
 * by prefix:
 * - `groupInfo(orgId)`: an organization's group information (member detail, organization detail);
 * - `pbc(target)`: the PBC document of a member or an organization;
 * - `aors(query)`: a member's appointments of representative.
 */
export const planInfoKeys = {
  all: ['plan-info'] as const,
  groupInfo: (orgId: number) => [...planInfoKeys.all, 'group-info', orgId] as const,
  pbcs: () => [...planInfoKeys.all, 'pbc'] as const,
  pbc: (target: PbcTarget) => [...planInfoKeys.pbcs(), target] as const,
  aorLists: () => [...planInfoKeys.all, 'aor'] as const,
  aors: (query: AorQuery) => [...planInfoKeys.aorLists(), query] as const,
};
