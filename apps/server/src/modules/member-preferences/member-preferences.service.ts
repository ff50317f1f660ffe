import type { Kysely } from 'kysely';
import {
  NO_OPT_INS,
  checkCommunicationPreferences,
  type CommunicationDetails,
  type CommunicationPrefQuery,
  type ConfidentialityDetails,
  type IsConfidential,
} from '@pillar/domain';
import type {
  HubMemberKey,
  HubUpdater,
  MembersHub,
} from '../../integrations/members-hub/members-hub.ts';
import { writeAudit } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { badRequest, notFound } from '../../platform/http/problem.ts';
import type { DB } from '../../database.ts';
import {
  recordMemberRead,
  requireDependent,
  requireEmployee,
  type ScopedDependent,
  type ScopedEmployee,
} from '../members/index.ts';

/*
 * The members hub's calls (spec 2 §7) for the agent desktop: the member (or dependent) is
 * checked through the members module's handles first, so one outside the agent's scope is a 404
 * like one that does not exist; the rules of spec 2 §5 are the domain's
 * checkCommunicationPreferences, the same function the drawer runs; the agent is the updater
 * with source 'Agent', never the body. Each update is audited with the names of the fields that
 * changed, never their values (decision 0099); each read of the preferences or of a dependent's
 * confidentiality appends the read-access audit row after the scope check (decision 0097).
 */

export interface MemberPreferencesDeps {
  db: Kysely<DB>;
  hub: MembersHub;
}

interface CheckedMember {
  employee: ScopedEmployee;
  dependent: ScopedDependent | null;
  key: HubMemberKey;
}

/** The member, and the dependent when one is named, in the principal's scope; else 404. */
async function checkedMember(
  db: Kysely<DB>,
  principal: Principal,
  ids: { organizationNo: number; employeeNo: number; dependentNo?: number | null },
): Promise<CheckedMember> {
  const employee = await requireEmployee(db, principal, ids.organizationNo, ids.employeeNo);
  const dependent = ids.dependentNo
    ? await requireDependent(db, principal, employee, ids.dependentNo)
    : null;
  return {
    employee,
    dependent,
    key: {
      organizationNo: employee.organizationNo,
      employeeNo: employee.employeeNo,
      dependentNo: dependent?.dependentNo ?? null,
    },
  };
}

/** The dependent of the lookup, whose birth date must be the one on file (else 404). */
async function checkedDependent(
  db: Kysely<DB>,
  principal: Principal,
  ids: { organizationNo: number; employeeNo: number; dependentNo: number; birthDate: string },
): Promise<CheckedMember & { dependent: ScopedDependent }> {
  const member = await checkedMember(db, principal, ids);
  const dependent = member.dependent!;
  if (dependent.row.birthdate !== ids.birthDate) throw notFound('Dependent');
  return { ...member, dependent };
}

function namesOf(member: CheckedMember): string {
  const row = member.dependent?.row ?? member.employee.row;
  return `${row.first_name} ${row.last_name}`;
}

function agentOf(principal: Principal): HubUpdater {
  const name = `${principal.firstName} ${principal.lastName}`.trim() || principal.username;
  return { source: 'Agent', name, userNo: principal.userNo };
}

async function detailsOf(
  hub: MembersHub,
  member: CheckedMember,
): Promise<CommunicationDetails | null> {
  const stored = await hub.communication(member.key);
  if (!stored) return null;
  return {
    communicationId: stored.communicationId,
    organizationNo: member.key.organizationNo,
    employeeNo: member.key.employeeNo,
    dependentNo: member.key.dependentNo,
    memberId: member.employee.row.generated_id,
    names: namesOf(member),
    phoneNumber: stored.phoneNumber,
    alternatePhoneNumber: stored.alternatePhoneNumber,
    emailAddress: stored.emailAddress,
    alternateEmailAddress: stored.alternateEmailAddress,
    source: stored.source,
    lastUpdatedBy: stored.lastUpdatedBy,
    lastUpdateTime: stored.lastUpdateTime.toISOString(),
    commsPref: stored.commsPref,
  };
}

async function confidentialityOf(
  hub: MembersHub,
  member: CheckedMember & { dependent: ScopedDependent },
): Promise<ConfidentialityDetails> {
  const stored = await hub.confidentiality({
    ...member.key,
    dependentNo: member.dependent.dependentNo,
  });
  return {
    organizationNo: member.key.organizationNo,
    employeeNo: member.key.employeeNo,
    dependentNo: member.dependent.dependentNo,
    names: namesOf(member),
    birthDate: member.dependent.row.birthdate,
    isConfidential: stored?.isConfidential ?? null,
    updatesAllowed: stored?.updatesAllowed ?? true,
    source: stored?.source ?? null,
    updatedBy: stored?.updatedBy ?? null,
    updatedDate: stored?.updatedDate.toISOString() ?? null,
  };
}

/** POST /GetCommunicationPref. */
export async function getCommunicationPref(
  deps: MemberPreferencesDeps,
  principal: Principal,
  query: CommunicationPrefQuery,
): Promise<CommunicationDetails | null> {
  const member = await checkedMember(deps.db, principal, query);
  const details = await detailsOf(deps.hub, member);
  // read audit ('communication-preferences', decision 0097): phone and e-mail are PHI.
  await recordMemberRead(
    deps.db,
    principal,
    member.dependent ?? member.employee,
    'communication-preferences',
  );
  return details;
}

export interface CommsPrefUpdate {
  organizationNo: number;
  employeeNo: number;
  dependentNo?: number | null;
  phoneNumber?: string | null;
  emailAddress?: string | null;
  commsPref: CommunicationDetails['commsPref'];
  isConfidential?: IsConfidential | null;
}

/** POST /UpdateCommsPref: the rules of spec 2 §5 against what is stored, then one save. */
export async function updateCommsPref(
  deps: MemberPreferencesDeps,
  principal: Principal,
  body: CommsPrefUpdate,
): Promise<CommunicationDetails> {
  const member = await checkedMember(deps.db, principal, body);
  const isDependent = member.dependent !== null;
  const stored = await deps.hub.communication(member.key);
  const storedConfidentiality = member.dependent
    ? await deps.hub.confidentiality({ ...member.key, dependentNo: member.dependent.dependentNo })
    : null;
  const { errors, value } = checkCommunicationPreferences(
    {
      phoneNumber: stored?.phoneNumber ?? null,
      emailAddress: stored?.emailAddress ?? null,
      commsPref: stored?.commsPref ?? NO_OPT_INS,
      isConfidential: storedConfidentiality?.isConfidential ?? null,
    },
    {
      phoneNumber: body.phoneNumber,
      emailAddress: body.emailAddress,
      commsPref: body.commsPref,
      isConfidential: isDependent ? body.isConfidential : null,
    },
    { isDependent },
  );
  const params = errors as Record<string, string>;
  if (Object.keys(params).length) throw badRequest(Object.values(params).join(' '), params);

  const changed = changedFields(stored, value);
  const confidentialityChanged =
    isDependent && value.isConfidential !== (storedConfidentiality?.isConfidential ?? null);
  await deps.hub.save(
    member.key,
    {
      communication: value,
      ...(confidentialityChanged && value.isConfidential !== null
        ? { isConfidential: value.isConfidential }
        : {}),
    },
    agentOf(principal),
  );
  await writeAudit(deps.db, {
    actorUserNo: principal.userNo,
    action: 'member_preferences.update',
    entity: isDependent ? 'dependent' : 'employee',
    entityId: member.key.dependentNo ?? member.key.employeeNo,
    detail: {
      employeeNo: member.key.employeeNo,
      dependentNo: member.key.dependentNo,
      source: 'Agent',
      changed: confidentialityChanged ? [...changed, 'isConfidential'] : changed,
    },
  });
  return (await detailsOf(deps.hub, member))!;
}

/** The names of what an update changes (the audit's detail: names only, never values). */
function changedFields(
  stored: Awaited<ReturnType<MembersHub['communication']>>,
  value: ReturnType<typeof checkCommunicationPreferences>['value'],
): string[] {
  const before = stored ?? { phoneNumber: null, emailAddress: null, commsPref: NO_OPT_INS };
  const changed: string[] = [];
  if (before.phoneNumber !== value.phoneNumber) changed.push('phoneNumber');
  if (before.emailAddress !== value.emailAddress) changed.push('emailAddress');
  for (const flag of ['emailOpted', 'callOpted', 'voiceMailOpted'] as const) {
    if (before.commsPref[flag] !== value.commsPref[flag]) changed.push(flag);
  }
  return changed;
}

/** GET /confidentiality: all four identifiers were required by the query schema. */
export async function getConfidentiality(
  deps: MemberPreferencesDeps,
  principal: Principal,
  query: { organizationNo: number; employeeNo: number; dependentNo: number; birthDate: string },
): Promise<ConfidentialityDetails> {
  const member = await checkedDependent(deps.db, principal, query);
  const details = await confidentialityOf(deps.hub, member);
  // read audit ('confidentiality', decision 0097), under the member, naming the dependent.
  await recordMemberRead(deps.db, principal, member.dependent, 'confidentiality');
  return details;
}

/** POST /confidentiality: Confidential or NonConfidential, for the dependent named. */
export async function setConfidentiality(
  deps: MemberPreferencesDeps,
  principal: Principal,
  body: {
    organizationNo: number;
    employeeNo: number;
    dependentNo: number;
    birthDate: string;
    isConfidential: IsConfidential;
  },
): Promise<ConfidentialityDetails> {
  const member = await checkedDependent(deps.db, principal, body);
  await deps.hub.save(member.key, { isConfidential: body.isConfidential }, agentOf(principal));
  await writeAudit(deps.db, {
    actorUserNo: principal.userNo,
    action: 'member_preferences.update',
    entity: 'dependent',
    entityId: member.dependent.dependentNo,
    detail: {
      employeeNo: member.key.employeeNo,
      dependentNo: member.dependent.dependentNo,
      source: 'Agent',
      changed: ['isConfidential'],
    },
  });
  return confidentialityOf(deps.hub, member);
}
