import { sql, type RawBuilder } from 'kysely';
import type { Principal } from './principal.ts';

/**
 * A condition that keeps rows inside the principal's organizations. A join against the grants
 * table rather than an IN list, so a user with thousands of organizations costs the same.
 */
export function inOrganizationScope(principal: Principal, column: string): RawBuilder<boolean> {
  if (principal.organizations === 'all') return sql<boolean>`true`;
  return sql<boolean>`exists (select 1 from user_organization uo
    where uo.user_no = ${principal.userNo} and uo.organization_no = ${sql.ref(column)})`;
}

/**
 * A condition that keeps benefit-group rows inside the principal's groups: all groups of a
 * granted organization, unless that grant restricts the user to chosen groups.
 */
export function inGroupScope(
  principal: Principal,
  organizationColumn: string,
  groupColumn: string,
): RawBuilder<boolean> {
  if (principal.organizations === 'all') return sql<boolean>`true`;
  return sql<boolean>`exists (select 1 from user_organization uo
    where uo.user_no = ${principal.userNo} and uo.organization_no = ${sql.ref(organizationColumn)}
      and (not uo.restrict_benefit_groups or exists (select 1 from user_benefit_group ubg
        where ubg.user_no = uo.user_no and ubg.organization_no = uo.organization_no
          and ubg.benefit_group_no = ${sql.ref(groupColumn)})))`;
}
