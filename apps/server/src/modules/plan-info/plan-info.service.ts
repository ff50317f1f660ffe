import type { Kysely } from 'kysely';
import {
  PLAN_INFO_MESSAGES,
  todayIso,
  type AorQuery,
  type AorRecord,
  type GroupInformation,
  type PbcQuery,
} from '@pillar/domain';
import type { Principal } from '../../platform/auth/principal.ts';
import { HttpProblem } from '../../platform/http/problem.ts';
import type { DB } from '../../database.ts';
import {
  recordMemberRead,
  requireDependent,
  requireEmployee,
  requireEmployeeByNumber,
} from '../members/index.ts';
import {
  organizationOfScopedMember,
  requireOrganization,
  type ScopedOrganization,
} from '../organizations/index.ts';
import { pbcPdfOf } from './pbc-pdf.ts';
import { aorsOf, groupInformationOf, planBenefitContentOf, programsOf } from './plan-info.repo.ts';

/*
 * Group information, PBC documents and AORs (spec 2 §7). The organization or member named is
 * checked once against the caller's scope (404 outside it, decision 0095); the reads take the
 * handle. Nothing here logs the data: an AOR names a member's representative and birth date;
 * each AOR read appends the read-access audit row ('aor', decision 0097) after the scope check.
 */

export interface PlanInfoDeps {
  /** Today's date (YYYY-MM-DD); tests fix it. */
  today?: () => string;
}

export async function groupInformation(
  db: Kysely<DB>,
  principal: Principal,
  orgId: number,
): Promise<GroupInformation> {
  const organization = await requireOrganization(db, principal, orgId);
  return groupInformationOf(db, organization);
}

/**
 * The PBC of an organization, or of a member's organization (a dependent's is the member's: the
 * content is the organization's plan). 404 'PBC not available' when none is in effect.
 */
export async function pbcDocument(
  db: Kysely<DB>,
  principal: Principal,
  query: PbcQuery,
  deps: PlanInfoDeps = {},
): Promise<{ fileName: string; body: Buffer }> {
  const organization = await organizationOfPbc(db, principal, query);
  const content = await planBenefitContentOf(db, organization, (deps.today ?? todayIso)());
  if (!content) throw new HttpProblem(404, 'Not Found', PLAN_INFO_MESSAGES.pbcNotAvailable);
  return pbcPdfOf(content, await programsOf(db, organization));
}

async function organizationOfPbc(
  db: Kysely<DB>,
  principal: Principal,
  query: PbcQuery,
): Promise<ScopedOrganization> {
  if (query.employeeNo === undefined) {
    // The schema requires one of the two.
    return requireOrganization(db, principal, query.orgId!);
  }
  // The member in scope and its organization in one read (the same 404 for a member outside the
  // scope as for one that does not exist); its organization is then in scope too.
  const member = await requireEmployeeByNumber(db, principal, query.employeeNo);
  return organizationOfScopedMember(member);
}

/** The member's appointments of representative (comm-manager aorSignature). */
export async function aorSignatures(
  db: Kysely<DB>,
  principal: Principal,
  query: AorQuery,
): Promise<AorRecord[]> {
  const member = await requireEmployee(db, principal, query.orgID, query.employeeNo);
  // A dependent named must be the member's (404 'Dependent' otherwise), so the audit row names a
  // dependent in scope.
  const dependent =
    query.dependentNo === undefined
      ? undefined
      : await requireDependent(db, principal, member, query.dependentNo);
  const aors = await aorsOf(db, member, query.memberID, query.dependentNo);
  // read audit ('aor', decision 0097): representatives and birth dates are PHI.
  await recordMemberRead(db, principal, dependent ?? member, 'aor');
  return aors;
}
