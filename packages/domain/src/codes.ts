/** Codes and labels shared by every screen and every service (spec 1 §3, spec 2 §3). */

export const PROCESS_STATUS = { active: 1, pendingTermination: 2, terminated: 9 } as const;
export type ProcessStatus = (typeof PROCESS_STATUS)[keyof typeof PROCESS_STATUS];
export const PROCESS_STATUS_CODES: readonly ProcessStatus[] = [1, 2, 9];

export const PROCESS_STATUS_LABELS: Record<ProcessStatus, string> = {
  1: 'Active',
  2: 'Pending Termination',
  9: 'Terminated',
};

/** Spec 2 §3: the derived code 999 stands for a terminated record whose expiry lies ahead. */
export const ACTIVE_WITH_FUTURE_TERMINATION = 999;

/**
 * Which screens a status label is for: the two specs word the derived 999 differently. Spec 1 §3
 * (the member administration screens) says 'Active with future termination'; spec 2 §3 (the agent
 * desktop) says 'Active with Future Termination'. Every other status reads the same on both.
 */
export const STATUS_WORDINGS = ['memberAdministration', 'agent'] as const;
export type StatusWording = (typeof STATUS_WORDINGS)[number];
export const ACTIVE_WITH_FUTURE_TERMINATION_LABELS: Record<StatusWording, string> = {
  memberAdministration: 'Active with future termination',
  agent: 'Active with Future Termination',
};
/** The member administration screens' label of the derived 999 (spec 1 §3). */
export const ACTIVE_WITH_FUTURE_TERMINATION_LABEL =
  ACTIVE_WITH_FUTURE_TERMINATION_LABELS.memberAdministration;
/** The agent screens' label of the derived 999 (spec 2 §3). */
export const AGENT_ACTIVE_WITH_FUTURE_TERMINATION_LABEL =
  ACTIVE_WITH_FUTURE_TERMINATION_LABELS.agent;

/** Today's date as YYYY-MM-DD in UTC; a parameter everywhere so rules stay testable. */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * The status a screen shows. A terminated record whose expiration date is still in the
 * future is shown as the derived 999, "Active with future termination" (spec 1 §3; the agent
 * screens word it "Active with Future Termination", spec 2 §3). Dates are ISO YYYY-MM-DD.
 */
export function displayStatusCode(
  status: number,
  expirationDate: string | null | undefined,
  today: string = todayIso(),
): number {
  if (status === PROCESS_STATUS.terminated && expirationDate && expirationDate > today) {
    return ACTIVE_WITH_FUTURE_TERMINATION;
  }
  return status;
}

/**
 * The label a screen shows for a status; `wording` picks the specs' wording of the derived 999
 * (the member administration screens' unless told; the agent screens pass 'agent').
 */
export function statusLabel(
  status: number,
  expirationDate?: string | null,
  today: string = todayIso(),
  wording: StatusWording = 'memberAdministration',
): string {
  const code = displayStatusCode(status, expirationDate, today);
  if (code === ACTIVE_WITH_FUTURE_TERMINATION)
    return ACTIVE_WITH_FUTURE_TERMINATION_LABELS[wording];
  return PROCESS_STATUS_LABELS[code as ProcessStatus] ?? 'Unknown';
}

/**
 * A record counts as active when its status is 1, or 9 not yet past its expiration date
 * (spec 1 §3 for dependents, spec 3 §3 for processes). The expiration date is the last day of
 * coverage, so on that day the record is not yet past it and still counts as active, while its
 * label (which asks for an expiration in the future) already reads Terminated.
 */
export function isActiveRecord(
  status: number,
  expirationDate: string | null | undefined,
  today: string = todayIso(),
): boolean {
  if (status === PROCESS_STATUS.active) return true;
  return status === PROCESS_STATUS.terminated && !!expirationDate && expirationDate >= today;
}

export const GENDERS = { M: 'Male', F: 'Female', U: 'Unspecified' } as const;
export type Gender = keyof typeof GENDERS;

export const RELATIONSHIPS = {
  1: 'Subscriber',
  2: 'Spouse',
  3: 'Child',
  4: 'Student',
  5: 'Disabled Dependent',
  6: 'Adult Dependent',
  7: 'Significant Other',
} as const;
export type RelationshipCode = keyof typeof RELATIONSHIPS;

export const USER_TYPES = { i: 'Internal', b: 'Broker', c: 'Client' } as const;
export type UserTypeCode = keyof typeof USER_TYPES;
export const USER_TYPE_CODES: readonly UserTypeCode[] = ['i', 'b', 'c'];

export const ORGANIZATION_TYPES = [
  'Employer',
  'Union',
  'Municipality',
  'School District',
  'TPA',
] as const;
export type OrganizationType = (typeof ORGANIZATION_TYPES)[number];

export const ENVIRONMENTS = ['prod', 'demo', 'stage', 'qa'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/** Page-title suffix and badge for non-production environments (spec 1 §1, spec 2 §2). */
export function environmentSuffix(env: Environment): string | null {
  return env === 'prod' ? null : env.toUpperCase();
}

export const PRODUCT_TITLE = 'Pillar';

export function pageTitle(env: Environment, page?: string): string {
  const suffix = environmentSuffix(env);
  const base = page ? `${page} | ${PRODUCT_TITLE}` : PRODUCT_TITLE;
  return suffix ? `${base} (${suffix})` : base;
}
