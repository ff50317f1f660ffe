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

/** Whom a principal is read for: the user's number or their username. */
export type PrincipalSubject = { userNo: number } | { username: string };

/** The request's session and the limits its use is recorded under. */
export interface SessionUseLimits {
  sessionId: string;
  touchSeconds: number;
  idleSeconds: { internal: number; external: number };
}

/** The principal's query: user, roles, permissions and organization/group grants together. */
function principalQuery(by: PrincipalSubject) {
  const where =
    'userNo' in by ? sql`u.user_no = ${by.userNo}` : sql`lower(u.username) = lower(${by.username})`;
  return sql`
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
     where ${where}`;
}

/** One statement: user, roles, permissions and organization/group grants together. */
export async function findPrincipalRow(
  db: Kysely<DB>,
  by: PrincipalSubject,
): Promise<PrincipalRow | undefined> {
  const { rows } = await sql<PrincipalRow>`${principalQuery(by)}`.execute(db);
  return rows[0];
}

/** The state of the request's session before its use (sessions.ts decides what it means). */
export interface SessionUseRow {
  /** The session has a row; without one it is used for the first time. */
  session_found: boolean;
  session_ended: boolean;
  session_idle: boolean;
  session_other_user: boolean;
}

/**
 * One statement for an authenticated request: the principal (as findPrincipalRow) and the use of
 * its session, as touchSession (sessions.repo.ts) records it: the use of a live session of this
 * user is written at most every `touchSeconds` and never past the user's idle limit (by user
 * type), and only for an active user; the row answers the session's state before the use.
 */
export async function findPrincipalRowUsingSession(
  db: Kysely<DB>,
  by: PrincipalSubject,
  session: SessionUseLimits,
): Promise<(PrincipalRow & SessionUseRow) | undefined> {
  const { sessionId, touchSeconds, idleSeconds } = session;
  const { rows } = await sql<PrincipalRow & SessionUseRow>`
    with p as (${principalQuery(by)}),
    idle as (
      select p.user_no, p.active, make_interval(secs => case when p.user_type = 'i'
               then ${idleSeconds.internal}::int else ${idleSeconds.external}::int end) as idle_limit
        from p),
    touched as (
      update auth_session s set last_seen_at = now()
        from idle i
       where s.session_id = ${sessionId} and s.ended_at is null and s.user_no = i.user_no
         and i.active
         and s.last_seen_at < now() - make_interval(secs => ${touchSeconds})
         and s.last_seen_at >= now() - i.idle_limit
      returning s.session_id)
    select p.*,
           s.session_id is not null as session_found,
           coalesce(s.ended_at is not null, false) as session_ended,
           coalesce(s.last_seen_at < now() - i.idle_limit, false) as session_idle,
           coalesce(s.user_no is distinct from p.user_no, false) as session_other_user
      from p join idle i on i.user_no = p.user_no
      left join auth_session s on s.session_id = ${sessionId}`.execute(db);
  return rows[0];
}
