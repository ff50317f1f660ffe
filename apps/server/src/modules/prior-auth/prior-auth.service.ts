import type { Kysely } from 'kysely';
import {
  PA_UNAVAILABLE_MESSAGE,
  parseDisplayDate,
  type PaCaseDetail,
  type PaMemberIdentifiers,
} from '@pillar/domain';
import type { DB } from '../../database.ts';
import {
  PriorAuthUnavailableError,
  type PaMember,
  type PriorAuthSystem,
} from '../../integrations/prior-auth/prior-auth-system.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { HttpProblem, notFound } from '../../platform/http/problem.ts';
import {
  recordMemberRead,
  requireMemberByIdentifiers,
  type IdentifiedMember,
} from '../members/index.ts';

export interface PriorAuthDeps {
  db: Kysely<DB>;
  system: PriorAuthSystem;
}

/*
 * The agent's prior-authorization reads (spec 2 §7, decision 0096). Each one first finds the
 * person the identifiers name inside the caller's scope (404 'Member' outside it, so the PA
 * system is never asked about a member the caller may not see), then asks the PA system with
 * the same identifiers. A PA system that cannot be reached is a 502 whose detail is the
 * technical-difficulties message the web shows. Nothing of a case is logged: health data.
 */

async function memberOf(
  deps: PriorAuthDeps,
  principal: Principal,
  ids: PaMemberIdentifiers,
): Promise<{ handle: IdentifiedMember; member: PaMember }> {
  // The schema accepted only real MM/DD/YYYY dates, so this never falls back.
  const birthdate = parseDisplayDate(ids.dateOfBirth) ?? ids.dateOfBirth;
  const handle = await requireMemberByIdentifiers(deps.db, principal, {
    memberId: ids.alternateId,
    firstName: ids.firstName,
    lastName: ids.lastName,
    birthdate,
  });
  return {
    handle,
    member: {
      alternateId: ids.alternateId,
      firstName: ids.firstName,
      lastName: ids.lastName,
      birthdate,
    },
  };
}

/** Runs a call of the PA system; an unreachable one becomes the 502 the web explains. */
async function ask<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PriorAuthUnavailableError) {
      throw new HttpProblem(502, 'Bad Gateway', PA_UNAVAILABLE_MESSAGE);
    }
    throw error;
  }
}

/** GET /portal/v1/priorauth/agadia: the member's cases, newest request first. */
export async function listPriorAuthCases(
  deps: PriorAuthDeps,
  principal: Principal,
  ids: PaMemberIdentifiers,
) {
  const { member } = await memberOf(deps, principal, ids);
  const data = await ask(() => deps.system.listCases(member));
  return { data, totalCount: data.length };
}

/** GET /portal/v1/priorauth/agadia/cases/:paCaseId: one case; opening it is an audited read. */
export async function getPriorAuthCase(
  deps: PriorAuthDeps,
  principal: Principal,
  paCaseId: string,
  ids: PaMemberIdentifiers,
): Promise<PaCaseDetail> {
  const { handle, member } = await memberOf(deps, principal, ids);
  const detail = await ask(() => deps.system.caseDetail(member, paCaseId));
  if (!detail) throw notFound('Prior authorization case');
  // read audit: the case is named by its ID only, never by what it is for.
  await recordMemberRead(deps.db, principal, handle, 'prior-auth-case', paCaseId);
  return detail;
}

/** GET /portal/v1/priorauth/agadia/plan-history: the member's PA reviewers over time. */
export async function getPriorAuthPlanHistory(
  deps: PriorAuthDeps,
  principal: Principal,
  ids: PaMemberIdentifiers,
) {
  const { member } = await memberOf(deps, principal, ids);
  return { data: await ask(() => deps.system.planHistory(member)) };
}

/** GET /comm-manager/interventionLogs: every interaction on the member's cases. */
export async function listInterventionLogs(
  deps: PriorAuthDeps,
  principal: Principal,
  ids: PaMemberIdentifiers,
) {
  const { member } = await memberOf(deps, principal, ids);
  const data = await ask(() => deps.system.interventionLogs(member));
  return { data, totalCount: data.length };
}

/** GET /comm-manager/getInterventionSummary: one case's interaction log. */
export async function getInterventionSummary(
  deps: PriorAuthDeps,
  principal: Principal,
  ids: PaMemberIdentifiers & { paCaseId: string },
) {
  const { member } = await memberOf(deps, principal, ids);
  const data = await ask(() => deps.system.interventionSummary(member, ids.paCaseId));
  if (!data) throw notFound('Prior authorization case');
  return { data, totalCount: data.length };
}
