import { sql, type Kysely } from 'kysely';
import type { UserTypeCode } from '@pillar/domain';
import type { DB } from '../db/schema.ts';

export interface PrincipalRow {
  user_no: number;
  username: string;
  first_name: string;
  last_name: string;
  user_type: UserTypeCode;
  rxb_admin: boolean;
  all_organizations: boolean;
  active: boolean;
  role_keys: string[] | null;
  permissions: string[] | null;
  organizations: { o: number; r: boolean; g: number[] | null }[] | null;
}

/** One statement: user, roles, permissions and organization/group grants together. */
export async function findPrincipalRow(
  db: Kysely<DB>,
  by: { userNo: number } | { username: string },
): Promise<PrincipalRow | undefined> {
  const where =
    'userNo' in by ? sql`u.user_no = ${by.userNo}` : sql`lower(u.username) = lower(${by.username})`;
  const { rows } = await sql<PrincipalRow>`
    select u.user_no, u.username, u.first_name, u.last_name, u.user_type, u.rxb_admin,
           u.all_organizations, u.active,
           (select array_agg(r.key order by r.key) from user_role ur join role r on r.role_id = ur.role_id
             where ur.user_no = u.user_no) as role_keys,
           (select array_agg(distinct rp.permission) from user_role ur
             join role_permission rp on rp.role_id = ur.role_id where ur.user_no = u.user_no) as permissions,
           (select json_agg(json_build_object('o', uo.organization_no, 'r', uo.restrict_benefit_groups,
               'g', (select array_agg(ubg.benefit_group_no) from user_benefit_group ubg
                      where ubg.user_no = uo.user_no and ubg.organization_no = uo.organization_no)))
              from user_organization uo where uo.user_no = u.user_no) as organizations
      from app_user u
     where ${where}`.execute(db);
  return rows[0];
}
