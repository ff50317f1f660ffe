/**
 * The members module's public surface: its routes, and the member change history writer that
 * every module writing to a member or dependent uses (design.md §4).
 */
export { dependentRecordRoutes } from './dependent-record.routes.ts';
export { memberRecordRoutes } from './member-record.routes.ts';
export { membersRoutes } from './members.routes.ts';
export {
  diffFields,
  writeMemberHistory,
  type FieldChange,
  type HistoryTarget,
  type HistoryValue,
} from './member-history.ts';
/** The member access checks (decision 0095): other modules' calls on one member take its handle. */
export { requireEmployee, type ScopedEmployee, type ScopedEmployeeNo } from './members.access.ts';
/** A member found by number alone in the principal's scope, with its organization (the PBC). */
export { requireEmployeeByNumber } from './members.access.ts';
/** A dependent of a member already checked (the members hub's preferences take its handle). */
export { requireDependent, type ScopedDependent } from './members.access.ts';
/** The member ID a new employee gets; the demo seed writes its employees with the same rule. */
export { generatedIdFor } from './member-ids.ts';
/** A member as a temp card prints them, for the coverages module's e-mailed card link. */
export { findCardholder, type Cardholder } from './members.repo.ts';
/**
 * The read-access audit (decision 0097): a module answering a member's health data (a PA case,
 * the claims history) records the read with the member's handle from requireEmployee.
 */
export { recordMemberRead, type MemberReadTarget } from './member-read-audit.ts';
/** The agent desktop's Find Member: employees and dependents together (decision 0101). */
export { searchMemberRecords, type MemberRecordFilters } from './agent-search.repo.ts';
/**
 * The person an outside system names by member ID, names and birth date, in the principal's
 * scope (the prior-authorization lookups; 404 outside it).
 */
export {
  requireMemberByIdentifiers,
  type IdentifiedMember,
  type MemberIdentifiers,
} from './member-identifiers.access.ts';
/** SQL fragments naming a member by number inside another module's statement (the call notes). */
export { dependentNameOf, employeeInScope, employeeNameOf, memberIdOf } from './members.repo.ts';
/** Set-based member writes with their history (decision 0128): an eligibility import's Apply. */
export * from './member-batch.ts';
