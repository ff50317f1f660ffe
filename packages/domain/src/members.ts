import { z } from 'zod';
import {
  ACTIVE_WITH_FUTURE_TERMINATION,
  ACTIVE_WITH_FUTURE_TERMINATION_LABEL,
  PROCESS_STATUS_LABELS,
  RELATIONSHIPS,
  displayStatusCode,
  todayIso,
  type RelationshipCode,
} from './codes.ts';
import { isoDate } from './dates.ts';
import { cappedPageSchema, pagingQuery } from './paging.ts';
import { int4Id } from './validation.ts';

/*
 * Member search (spec 1 §2 "Members page" and the organization's Members tab, spec 2 §5 "Member
 * search"): the query schemas both sides validate with, the rows the searches answer, the
 * two-field rule, and the status a member or dependent shows. Definitions the specs leave open are
 * recorded in docs/decisions/0040-member-search-and-status.md.
 */

// ---------------------------------------------------------------------------------------------
// Status

/**
 * The status of an employee or dependent as a key. It follows the label the screens show
 * (codes.ts `displayStatusCode`): a terminated record whose expiration date lies ahead is
 * 'activeWithFutureTermination'. Pending termination (2) is still covered.
 */
export const MEMBER_STATUS_KEYS = [
  'active',
  'pendingTermination',
  'activeWithFutureTermination',
  'terminated',
] as const;
export type MemberStatusKey = (typeof MEMBER_STATUS_KEYS)[number];

export const MEMBER_STATUS_LABELS: Record<MemberStatusKey, string> = {
  active: PROCESS_STATUS_LABELS[1],
  pendingTermination: PROCESS_STATUS_LABELS[2],
  activeWithFutureTermination: ACTIVE_WITH_FUTURE_TERMINATION_LABEL,
  terminated: PROCESS_STATUS_LABELS[9],
};

export function memberStatusKey(
  processStatus: number,
  expirationDate: string | null | undefined,
  today: string = todayIso(),
): MemberStatusKey {
  const code = displayStatusCode(processStatus, expirationDate, today);
  if (code === ACTIVE_WITH_FUTURE_TERMINATION) return 'activeWithFutureTermination';
  if (code === 2) return 'pendingTermination';
  if (code === 9) return 'terminated';
  return 'active';
}

/** The search's status filter has two values (spec 1 §2: "status (active or terminated)"). */
export const MEMBER_STATUS_FILTERS = ['active', 'terminated'] as const;
export type MemberStatusFilter = (typeof MEMBER_STATUS_FILTERS)[number];
export const MEMBER_STATUS_FILTER_LABELS: Record<MemberStatusFilter, string> = {
  active: 'Active',
  terminated: 'Terminated',
};

/** Which filter value finds a record: only a record shown as Terminated is 'terminated'. */
export function memberStatusFilterOf(key: MemberStatusKey): MemberStatusFilter {
  return key === 'terminated' ? 'terminated' : 'active';
}

// ---------------------------------------------------------------------------------------------
// Names

export interface PersonName {
  firstName: string;
  middleInitial?: string | null;
  lastName: string;
}

/** How a member's name is listed: "Last, First M". */
export function formatMemberName({ firstName, middleInitial, lastName }: PersonName): string {
  const initial = middleInitial?.trim();
  return `${lastName}, ${firstName}${initial ? ` ${initial.toUpperCase()}` : ''}`;
}

/**
 * What a name search looks for, every part a case-insensitive prefix:
 * - "smi": a last name starting so (the forms say "Last name, first name");
 * - "Smith, Jo": last name then first name; ", Jo": a first name alone;
 * - "Jo Smith" (two words or more): first and last name, in either order, from the first and
 *   the last word (stored names hold no spaces: spec 1 §5 allows letters, ' . - only).
 */
export type NameSearch =
  | { kind: 'last'; term: string }
  | { kind: 'first'; term: string }
  | { kind: 'lastFirst'; last: string; first: string }
  | { kind: 'pair'; a: string; b: string };

export function parseNameSearch(text: string): NameSearch | null {
  const clean = text.trim().replace(/\s+/g, ' ').toLowerCase();
  if (!clean) return null;
  const comma = clean.indexOf(',');
  if (comma >= 0) {
    const last = clean.slice(0, comma).trim();
    const first = clean
      .slice(comma + 1)
      .replace(/,/g, ' ')
      .trim()
      .split(' ')[0]!;
    if (!last && !first) return null;
    if (!first) return { kind: 'last', term: last };
    if (!last) return { kind: 'first', term: first };
    return { kind: 'lastFirst', last, first };
  }
  const words = clean.split(' ');
  if (words.length === 1) return { kind: 'last', term: words[0]! };
  return { kind: 'pair', a: words[0]!, b: words[words.length - 1]! };
}

// ---------------------------------------------------------------------------------------------
// Search fields and the two-field rule

export const MEMBER_ID_MAX_LENGTH = 20;
export const MEMBER_NAME_SEARCH_MAX_LENGTH = 60;

/**
 * Spec 1 §5 / spec 2 §5: at least two fields unless a member ID or an organization is given.
 * Spec 2's words are 'Enter more information to search'; the rest says what is enough.
 */
export const MEMBER_SEARCH_RULE_MESSAGE =
  'Enter more information to search: fill in at least two fields, or a member ID, SSN, alternate ID, organization or group.';

/** The fields the rule counts, in the order a form shows them. */
export const MEMBER_SEARCH_FIELDS = [
  'name',
  'organizationNo',
  'groupNo',
  'memberId',
  'ssn',
  'alternateId',
  'processStatus',
  'birthDate',
  'effectiveDate',
  'expirationDate',
] as const;
export type MemberSearchField = (typeof MEMBER_SEARCH_FIELDS)[number];

/** Any one of these is enough on its own: they name one member or one organization. */
export const MEMBER_SEARCH_SUFFICIENT_FIELDS: readonly MemberSearchField[] = [
  'memberId',
  'ssn',
  'alternateId',
  'organizationNo',
  // A group belongs to exactly one organization, so it narrows at least as far.
  'groupNo',
];

export const MEMBER_SEARCH_FIELD_LABELS: Record<MemberSearchField, string> = {
  name: 'Name',
  organizationNo: 'Organization',
  groupNo: 'Group',
  memberId: 'Member ID',
  ssn: 'SSN',
  alternateId: 'Alternate ID',
  processStatus: 'Status',
  birthDate: 'Birth Date',
  effectiveDate: 'Effective Date',
  expirationDate: 'Termination Date',
};

export type MemberSearchVerdict =
  /** Enough to search. */
  | { verdict: 'enough'; fields: MemberSearchField[] }
  /** One field that is not enough alone: search only after the user confirms (spec 2 §5). */
  | { verdict: 'oneField'; fields: MemberSearchField[] }
  /** Nothing to search by. */
  | { verdict: 'empty'; fields: [] };

function isFilled(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  return true;
}

/** The two-field rule as a pure function over whatever fields a form or a query holds. */
export function checkMemberSearchFields(
  filters: Partial<Record<MemberSearchField, unknown>>,
): MemberSearchVerdict {
  const fields = MEMBER_SEARCH_FIELDS.filter((field) => isFilled(filters[field]));
  if (fields.length === 0) return { verdict: 'empty', fields: [] };
  if (fields.length >= 2 || fields.some((f) => MEMBER_SEARCH_SUFFICIENT_FIELDS.includes(f))) {
    return { verdict: 'enough', fields };
  }
  return { verdict: 'oneField', fields };
}

/** Whether a search may run: enough fields, or one field the user confirmed. */
export function memberSearchAllowed(
  filters: Partial<Record<MemberSearchField, unknown>>,
  oneFieldConfirmed: boolean,
): boolean {
  const { verdict } = checkMemberSearchFields(filters);
  return verdict === 'enough' || (verdict === 'oneField' && oneFieldConfirmed);
}

// ---------------------------------------------------------------------------------------------
// Query schemas

export const EMPLOYEE_SORT_FIELDS = [
  'name',
  'organizationName',
  'groupName',
  'generatedId',
  'clientId',
  'birthdate',
  'effectiveDate',
  'processStatus',
] as const;
export type EmployeeSortField = (typeof EMPLOYEE_SORT_FIELDS)[number];

export const DEPENDENT_SORT_FIELDS = [
  'name',
  'organizationName',
  'relationship',
  'birthdate',
  'effectiveDate',
  'processStatus',
] as const;
export type DependentSortField = (typeof DEPENDENT_SORT_FIELDS)[number];

const SEARCH_NAME_PATTERN = /^[A-Za-z .,'-]*$/;
const MEMBER_ID_PATTERN = /^[A-Za-z0-9-]*$/;
const SSN_SEARCH_PATTERN = /^(?:\d{9}|\d{3}-\d{2}-\d{4})$/;

/** Group and organization numbers are int4 ids (decision 0070). */
const positiveNumber = int4Id;

const searchFields = {
  name: z
    .string()
    .trim()
    .max(
      MEMBER_NAME_SEARCH_MAX_LENGTH,
      `name must not exceed ${MEMBER_NAME_SEARCH_MAX_LENGTH} characters`,
    )
    .regex(
      SEARCH_NAME_PATTERN,
      'name may contain only letters, spaces, hyphens, periods, apostrophes and a comma',
    )
    .optional(),
  groupNo: positiveNumber('groupNo').optional(),
  /** Letters, digits and hyphens, at most 20 (spec 2 §5); matches a generated ID or a client ID. */
  memberId: z
    .string()
    .trim()
    .max(MEMBER_ID_MAX_LENGTH, `memberId must not exceed ${MEMBER_ID_MAX_LENGTH} characters`)
    .regex(MEMBER_ID_PATTERN, 'memberId may contain only letters, digits and hyphens')
    .optional(),
  /** Nine digits, with or without dashes; answered only to holders of the SSN permission. */
  ssn: z
    .string()
    .trim()
    .regex(SSN_SEARCH_PATTERN, 'ssn must be 9 digits, with or without dashes (999-99-9999)')
    .transform((ssn) => ssn.replace(/-/g, ''))
    .optional(),
  processStatus: z
    .enum(MEMBER_STATUS_FILTERS, { error: 'processStatus must be active or terminated' })
    .optional(),
  birthDate: isoDate('birthDate').optional(),
  effectiveDate: isoDate('effectiveDate').optional(),
  expirationDate: isoDate('expirationDate').optional(),
  /** The user confirmed a search by one field that is not enough alone (spec 2 §5). */
  confirmOneField: z
    .enum(['true', 'false'], { error: 'confirmOneField must be true or false' })
    .transform((value) => value === 'true')
    .optional(),
};

const alternateId = z
  .string()
  .trim()
  .max(MEMBER_ID_MAX_LENGTH, `alternateId must not exceed ${MEMBER_ID_MAX_LENGTH} characters`)
  .regex(MEMBER_ID_PATTERN, 'alternateId may contain only letters, digits and hyphens')
  .optional();

/** GET /portal/v1/employees (cross-organization). */
export const employeeSearchQuery = pagingQuery(EMPLOYEE_SORT_FIELDS).extend({
  ...searchFields,
  organizationNo: positiveNumber('organizationNo').optional(),
  alternateId,
});
export type EmployeeSearchQuery = z.infer<typeof employeeSearchQuery>;

/** GET /portal/v1/organizations/{orgId}/employees: the organization comes from the path. */
export const organizationEmployeeSearchQuery = employeeSearchQuery.omit({ organizationNo: true });
export type OrganizationEmployeeSearchQuery = z.infer<typeof organizationEmployeeSearchQuery>;

/** GET /portal/v1/dependents (cross-organization). memberId finds the dependents of a member. */
export const dependentSearchQuery = pagingQuery(DEPENDENT_SORT_FIELDS).extend({
  ...searchFields,
  organizationNo: positiveNumber('organizationNo').optional(),
});
export type DependentSearchQuery = z.infer<typeof dependentSearchQuery>;

/** GET /portal/v1/organizations/{orgId}/dependents. */
export const organizationDependentSearchQuery = dependentSearchQuery.omit({ organizationNo: true });
export type OrganizationDependentSearchQuery = z.infer<typeof organizationDependentSearchQuery>;

// ---------------------------------------------------------------------------------------------
// Rows

const memberStatusKeySchema = z.enum(MEMBER_STATUS_KEYS);

/** One employee as a search lists it; never an SSN, masked or not. */
export const employeeSearchRow = z.object({
  employeeNo: z.number().int(),
  organizationNo: z.number().int(),
  organizationName: z.string(),
  name: z.string(),
  firstName: z.string(),
  middleInitial: z.string().nullable(),
  lastName: z.string(),
  generatedId: z.string(),
  clientId: z.string().nullable(),
  birthdate: z.string(),
  effectiveDate: z.string(),
  expirationDate: z.string().nullable(),
  processStatus: z.number().int(),
  status: memberStatusKeySchema,
  groupNo: z.number().int(),
  groupId: z.string(),
  groupName: z.string(),
});
export type EmployeeSearchRow = z.infer<typeof employeeSearchRow>;
/** Capped: a broad name prefix across every organization matches too many rows to count. */
export const employeeSearchPage = cappedPageSchema(employeeSearchRow);

export const dependentSearchRow = z.object({
  dependentNo: z.number().int(),
  employeeNo: z.number().int(),
  organizationNo: z.number().int(),
  organizationName: z.string(),
  name: z.string(),
  firstName: z.string(),
  middleInitial: z.string().nullable(),
  lastName: z.string(),
  relationship: z.number().int(),
  relationshipLabel: z.string(),
  birthdate: z.string(),
  effectiveDate: z.string(),
  expirationDate: z.string().nullable(),
  processStatus: z.number().int(),
  status: memberStatusKeySchema,
});
export type DependentSearchRow = z.infer<typeof dependentSearchRow>;
export const dependentSearchPage = cappedPageSchema(dependentSearchRow);

/** GET /portal/v1/employees/count. */
export const employeeCount = z.object({ count: z.number().int().nonnegative() });
export type EmployeeCount = z.infer<typeof employeeCount>;

export function relationshipLabel(code: number): string {
  return RELATIONSHIPS[code as RelationshipCode] ?? 'Unknown';
}

// ---------------------------------------------------------------------------------------------
// Links

/** The member page of an employee (spec 1 §2). */
export function employeePath(organizationNo: number, employeeNo: number): string {
  return `/organizations/${organizationNo}/employees/${employeeNo}`;
}

/** The dependent page (spec 1 §2). */
export function dependentPath(
  organizationNo: number,
  employeeNo: number,
  dependentNo: number,
): string {
  return `${employeePath(organizationNo, employeeNo)}/dependents/${dependentNo}`;
}
