/**
 * The member entity (employees and their dependents): its API calls through the route contracts,
 * its query keys, and the blocks several features reuse (search columns and filters, record
 * fields, the create drawer). Features and other entities import only this file.
 */
// The member forms' classes are used by the features' panels too, not only by these blocks.
import './ui/member-record.css';

export { memberKeys } from './query-keys.ts';

// Searches and the count.
export {
  MEMBER_FILTER_NAMES,
  dependentSearchQueryOptions,
  employeeSearchQueryOptions,
  memberQueryOf,
  searchDependents,
  searchEmployees,
  type MemberKind,
  type MemberQuery,
} from './api/member-search.ts';
export {
  agentSearchQueryOptions,
  searchMemberRecords,
  useAgentSearch,
  type AgentSearch,
} from './api/agent-search.ts';
export {
  employeeCountQueryOptions,
  getEmployeeCount,
  useEmployeeCount,
  type EmployeeCount,
} from './api/get-employee-count.ts';
export { SSN_FORGOTTEN_MESSAGE, isSsnRef, refForSsn, ssnOfRef } from './ssn-refs.ts';

// One employee's record.
export { createEmployee, useCreateEmployee } from './api/create-employee.ts';
export { employeeQueryOptions, getEmployee, useEmployee } from './api/get-employee.ts';
export { updateEmployee, useUpdateEmployee } from './api/update-employee.ts';
export { getEmployeeSsn, useRevealEmployeeSsn } from './api/get-employee-ssn.ts';
export {
  changeEmployeeTermination,
  removeEmployeeTermination,
  terminateEmployee,
  useChangeEmployeeTermination,
  useRemoveEmployeeTermination,
  useTerminateEmployee,
} from './api/employee-termination.ts';
export { reinstateEmployee, useReinstateEmployee } from './api/reinstate-employee.ts';
export {
  changeEmployeeDivision,
  changeEmployeeGroup,
  useChangeGroupAssignment,
  type GroupAssignmentChange,
} from './api/change-employee-group.ts';
export { changeBenefitPackage, useChangeBenefitPackage } from './api/change-benefit-package.ts';
export {
  listMemberChangeHistory,
  memberChangeHistoryQueryOptions,
  useMemberChangeHistory,
  type MemberChangeHistorySearch,
} from './api/list-member-change-history.ts';
export {
  listBenefitPackageHistory,
  listDivisionHistory,
  listGroupAssignments,
  useBenefitPackageHistory,
  useDivisionHistory,
  useGroupAssignments,
} from './api/record-histories.ts';
export {
  employeeDependentsQueryOptions,
  listEmployeeDependents,
  useEmployeeDependents,
} from './api/list-employee-dependents.ts';
export { invalidateEmployee, reloadIfStale } from './api/invalidate-employee.ts';

// One dependent's record.
export { createDependent, useCreateDependent } from './api/create-dependent.ts';
export { dependentQueryOptions, getDependent, useDependent } from './api/get-dependent.ts';
export { updateDependent, useUpdateDependent } from './api/update-dependent.ts';
export { getDependentSsn } from './api/get-dependent-ssn.ts';
export { useDependentLifecycle } from './api/dependent-lifecycle.ts';
export {
  alternateGroupOptionsQuery,
  useAlternateGroupOptions,
  useChangeAlternateGroup,
} from './api/alternate-group.ts';
export { DEPENDENT_TITLES } from './api/dependent-writes.ts';

// Blocks several features reuse.
export { dependentColumns, employeeColumns } from './ui/member-columns.tsx';
export {
  CLEARED_ON_SWITCH,
  DateFields,
  GroupField,
  MemberIdField,
  MemberKindSwitch,
  NameField,
  StatusField,
  TwoFieldRule,
  searchFieldsOf,
  type IdType,
} from './ui/member-filter-fields.tsx';
export { CreateMemberDrawer } from './ui/create-member-drawer.tsx';
export {
  MemberFields,
  cobPayloadOf,
  personPayloadOf,
  programsPayloadOf,
  supportedProgramsOf,
  type MemberFieldSchemas,
  type MemberFormValues,
  type ProgramFormValue,
} from './ui/member-fields.tsx';
export {
  AddressFields,
  ClientDefinedDataField,
  CobSection,
  FieldSection,
  NameFields,
  PersonCodeField,
  recordFieldsOf,
} from './ui/record-fields.tsx';
export { confirmDiscard, fieldErrorsOf, isValid, serverFieldErrorsOf } from './ui/form-checks.ts';
