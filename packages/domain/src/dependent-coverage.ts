import { PROCESS_STATUS } from './codes.ts';

/*
 * A dependent's coverage never outlasts the member's (decision 0073). The member's coverage
 * ends on its recorded termination date (processStatus 9, also while that date is still ahead);
 * a dependent's coverage lies inside the member's: it starts on or after the member's effective
 * date and ends on or before the member's termination date. These are the rules every write
 * checks; the server enforces them in one place per write path.
 */

export const DEPENDENT_COVERAGE_MESSAGES = {
  effectiveBeforeMember: "Effective Date cannot be earlier than the member's effective date.",
  effectiveAfterMemberEnd: "Effective Date cannot be later than the member's termination date.",
  terminationAfterMemberEnd: "Termination Date cannot be later than the member's termination date.",
  reinstateBeforeMember: "Reinstatement Date cannot be earlier than the member's effective date.",
  reinstateAfterMemberEnd: "Reinstatement Date cannot be later than the member's termination date.",
  removeTerminationMemberEnds:
    "The dependent's termination cannot be removed while the member is terminated: the dependent's coverage cannot outlast the member's.",
} as const;

export interface MemberCoverage {
  processStatus: number;
  effectiveDate: string;
  expirationDate: string | null;
}

/** The last day of the member's coverage: its termination date when terminated, else none. */
export function memberCoverageEnd(member: Omit<MemberCoverage, 'effectiveDate'>): string | null {
  return member.processStatus === PROCESS_STATUS.terminated ? member.expirationDate : null;
}

/** Whether a dependent ending on `expirationDate` (null: open) would outlast the member. */
export function outlastsMember(expirationDate: string | null, memberEnd: string | null): boolean {
  return memberEnd !== null && (expirationDate === null || expirationDate > memberEnd);
}

/**
 * A date on which a dependent's coverage starts (a create's effective date, a reinstatement
 * date): inside the member's coverage. Answers the message, or null when it is fine.
 */
export function dependentStartError(
  kind: 'effective' | 'reinstate',
  date: string,
  member: MemberCoverage,
): string | null {
  const end = memberCoverageEnd(member);
  if (date < member.effectiveDate) {
    return kind === 'effective'
      ? DEPENDENT_COVERAGE_MESSAGES.effectiveBeforeMember
      : DEPENDENT_COVERAGE_MESSAGES.reinstateBeforeMember;
  }
  if (end !== null && date > end) {
    return kind === 'effective'
      ? DEPENDENT_COVERAGE_MESSAGES.effectiveAfterMemberEnd
      : DEPENDENT_COVERAGE_MESSAGES.reinstateAfterMemberEnd;
  }
  return null;
}

/** A dependent's termination date: not after the member's termination date. */
export function dependentTerminationError(
  date: string,
  member: Omit<MemberCoverage, 'effectiveDate'>,
): string | null {
  return outlastsMember(date, memberCoverageEnd(member))
    ? DEPENDENT_COVERAGE_MESSAGES.terminationAfterMemberEnd
    : null;
}

/**
 * The state a dependent's coverage starts in (create, reinstate): open while the member's is,
 * else ending with the member's (processStatus 9 and the member's termination date).
 */
export function dependentCoverageFromMember(member: Omit<MemberCoverage, 'effectiveDate'>): {
  processStatus: number;
  expirationDate: string | null;
} {
  const end = memberCoverageEnd(member);
  return end === null
    ? { processStatus: PROCESS_STATUS.active, expirationDate: null }
    : { processStatus: PROCESS_STATUS.terminated, expirationDate: end };
}
