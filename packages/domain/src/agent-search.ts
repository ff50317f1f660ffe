import { z } from 'zod';
import { isoDate } from './dates.ts';
import { MEMBER_ID_MAX_LENGTH, MEMBER_STATUS_KEYS } from './members.ts';
import { cappedPageSchema, pagingQuery } from './paging.ts';
import { int4Id } from './validation.ts';

/*
 * The agent desktop's Find Member (spec 2 §2 "Agent home", §5 "Member search", §7 "Search
 * service"): one search over employees and dependents together. The form and the server check
 * the same fields and the same two-field rule, from here. Decision 0101.
 */

/** Spec 2 §8, verbatim: the form's warning and the server's 400 when nothing is filled in. */
export const AGENT_SEARCH_EMPTY_MESSAGE = 'Enter more information to search';
/** The confirm dialog (spec 2 §2 modals: "single-field search confirmation"). */
export const AGENT_SEARCH_ONE_FIELD_TITLE = 'Search with one field?';
export const AGENT_SEARCH_ONE_FIELD_MESSAGE =
  'Searching by one field may find many members. Add a second field, a member ID or an organization to narrow it, or continue anyway.';
/** The server's 400 for one plain field sent without the user's confirmation. */
export const AGENT_SEARCH_NEEDS_CONFIRM_MESSAGE = `${AGENT_SEARCH_EMPTY_MESSAGE}: fill in a second field, a member ID or an organization, or confirm the search by one field.`;
export const AGENT_MEMBER_ID_MESSAGE = `Member ID may contain only letters, digits and hyphens, at most ${MEMBER_ID_MAX_LENGTH} characters`;

/** Names as the member tables hold them (29 characters at most). */
export const AGENT_SEARCH_NAME_MAX_LENGTH = 29;
const NAME_PATTERN = /^[A-Za-z .'-]*$/;
/** Spec 2 §5: letters, digits and hyphen only, max 20. */
export const AGENT_MEMBER_ID_PATTERN = /^[A-Za-z0-9-]{1,20}$/;

/** The fields the rule counts, in the form's order. */
export const AGENT_SEARCH_FIELDS = [
  'firstName',
  'lastName',
  'birthDate',
  'memberId',
  'organizationNo',
] as const;
export type AgentSearchField = (typeof AGENT_SEARCH_FIELDS)[number];

export const AGENT_SEARCH_FIELD_LABELS: Record<AgentSearchField, string> = {
  firstName: 'First Name',
  lastName: 'Last Name',
  birthDate: 'Birth Date',
  memberId: 'Member ID',
  organizationNo: 'Organization',
};

/** A member ID names one family and an organization bounds the search: either is enough. */
export const AGENT_SEARCH_SUFFICIENT_FIELDS: readonly AgentSearchField[] = [
  'memberId',
  'organizationNo',
];

export type AgentSearchCase =
  /** Nothing filled in: 'Enter more information to search'. */
  | { case: 'none'; fields: [] }
  /** One plain field (a name or the birth date): search only after the confirm dialog. */
  | { case: 'needsConfirm'; fields: [AgentSearchField] }
  /** Two fields, or a member ID or an organization: search. */
  | { case: 'search'; fields: AgentSearchField[] };

function isFilled(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  return true;
}

/** Spec 2 §5: at least two fields unless a member ID or an organization is given. */
export function agentSearchCase(
  values: Partial<Record<AgentSearchField, unknown>>,
): AgentSearchCase {
  const fields = AGENT_SEARCH_FIELDS.filter((field) => isFilled(values[field]));
  if (fields.length === 0) return { case: 'none', fields: [] };
  if (fields.length === 1 && !AGENT_SEARCH_SUFFICIENT_FIELDS.includes(fields[0]!)) {
    return { case: 'needsConfirm', fields: [fields[0]!] };
  }
  return { case: 'search', fields };
}

const name = (label: string) =>
  z
    .string()
    .trim()
    .max(
      AGENT_SEARCH_NAME_MAX_LENGTH,
      `${label} must not exceed ${AGENT_SEARCH_NAME_MAX_LENGTH} characters`,
    )
    .regex(
      NAME_PATTERN,
      `${label} may contain only letters, spaces, hyphens, periods and apostrophes`,
    );

const memberId = z.string().trim().regex(AGENT_MEMBER_ID_PATTERN, AGENT_MEMBER_ID_MESSAGE);

/**
 * The Find Member form (the web validates with it): every field optional, blanks allowed; the
 * birth date as YYYY-MM-DD, the organization as its number.
 */
export const agentSearchForm = z.object({
  firstName: name('First Name').optional(),
  lastName: name('Last Name').optional(),
  birthDate: isoDate('Birth Date').optional(),
  memberId: z.union([z.literal(''), memberId]).optional(),
  organizationNo: int4Id('Organization').optional(),
});
export type AgentSearchForm = z.infer<typeof agentSearchForm>;

/** The rows are ordered by name (last, first); the only sort the search offers. */
export const AGENT_SEARCH_SORT_FIELDS = ['name'] as const;

/**
 * GET /msr-search/v1/records: the spec's parameter names (spec 2 §7). confirmOneField is ours:
 * the user's "continue" in the one-field dialog, which the server needs to lift the rule.
 */
export const agentSearchQuery = pagingQuery(AGENT_SEARCH_SORT_FIELDS).extend({
  firstname: name('firstname').optional(),
  lastname: name('lastname').optional(),
  birthdate: isoDate('birthdate').optional(),
  memberId: memberId.optional(),
  organizationNo: int4Id('organizationNo').optional(),
  confirmOneField: z
    .enum(['true', 'false'], { error: 'confirmOneField must be true or false' })
    .transform((value) => value === 'true')
    .optional(),
});
export type AgentSearchQuery = z.infer<typeof agentSearchQuery>;
/** What the web sends: the form's fields under the query's names, blanks left out. */
export interface AgentSearchCriteria {
  firstname?: string | undefined;
  lastname?: string | undefined;
  birthdate?: string | undefined;
  memberId?: string | undefined;
  organizationNo?: number | undefined;
  confirmOneField?: 'true';
}

/** The query's fields under the form's names, for agentSearchCase. */
export function agentSearchFieldsOfQuery(
  query: Pick<
    AgentSearchQuery,
    'firstname' | 'lastname' | 'birthdate' | 'memberId' | 'organizationNo'
  >,
): Partial<Record<AgentSearchField, unknown>> {
  return {
    firstName: query.firstname,
    lastName: query.lastname,
    birthDate: query.birthdate,
    memberId: query.memberId,
    organizationNo: query.organizationNo,
  };
}

/** The form's values as the query sends them; blanks left out. */
export function agentSearchQueryOf(
  form: AgentSearchForm,
  confirmOneField: boolean,
): AgentSearchCriteria {
  const text = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);
  return {
    firstname: text(form.firstName),
    lastname: text(form.lastName),
    birthdate: text(form.birthDate),
    memberId: text(form.memberId),
    organizationNo: form.organizationNo,
    ...(confirmOneField ? { confirmOneField: 'true' as const } : {}),
  };
}

/**
 * One row of the search (spec 2 §2 "Agent home"): an employee (dependentNo null) or a
 * dependent. memberId, generatedId, clientId and alternateId are the family's (the employee's):
 * a dependent is found and shown under the member ID on the card.
 */
export const agentSearchRow = z.object({
  firstName: z.string(),
  lastName: z.string(),
  birthdate: z.string(),
  zipCode: z.string().nullable(),
  memberId: z.string(),
  generatedId: z.string(),
  clientId: z.string().nullable(),
  alternateId: z.string().nullable(),
  organizationName: z.string(),
  processStatus: z.number().int(),
  /** The label key the screens show (Active with Future Termination for a future end). */
  status: z.enum(MEMBER_STATUS_KEYS),
  expirationDate: z.string().nullable(),
  employeeNo: z.number().int(),
  dependentNo: z.number().int().nullable(),
  organizationNo: z.number().int(),
});
export type AgentSearchRow = z.infer<typeof agentSearchRow>;
/** Capped like the member search: a broad one-field search counts to 1,000 at most. */
export const agentSearchPage = cappedPageSchema(agentSearchRow);

/** The member detail's path for a row (spec 2 §2 routes). */
export function agentMemberPath(
  row: Pick<AgentSearchRow, 'organizationNo' | 'employeeNo' | 'dependentNo'>,
): string {
  const base = `/agent/${row.organizationNo}/member/${row.employeeNo}`;
  return row.dependentNo === null ? base : `${base}/${row.dependentNo}`;
}

/**
 * The organization picker's pages (spec 2 §9: infinite select, 100 a page, a name search).
 * The agent reads organizations through the search service: the portal's organization list
 * needs portal-view-organizations, which an agent does not hold.
 */
export const AGENT_ORGANIZATION_PAGE_SIZE = 100;
export const agentOrganizationQuery = pagingQuery(['name'] as const).extend({
  name: z.string().trim().max(120, 'name must not exceed 120 characters').optional(),
});
export type AgentOrganizationQuery = z.infer<typeof agentOrganizationQuery>;
export const agentOrganizationOption = z.object({
  organizationNo: z.number().int(),
  name: z.string(),
});
export type AgentOrganizationOption = z.infer<typeof agentOrganizationOption>;
export const agentOrganizationPage = z.object({
  data: z.array(agentOrganizationOption),
  totalCount: z.number().int().nonnegative(),
});
export type AgentOrganizationPage = z.infer<typeof agentOrganizationPage>;
