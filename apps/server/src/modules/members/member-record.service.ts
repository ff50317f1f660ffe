/*
 * The employee record and its lifecycle (spec 1 §3, §4, §5, §7): one file per use case in
 * member-record/ (its checks, its rules, its repository calls); this file is what the routes call.
 * Every rule the member page's forms enforce is enforced there again, with the organization's own
 * settings; every write runs in a transaction with its history rows. SQL lives in
 * member-record.repo.ts. Definitions: docs/decisions/0045-member-lifecycle.md.
 */

export type { MemberRecordDeps } from './member-record/context.ts';
export {
  getEmployee,
  listBenefitPackageHistory,
  listClientIdHistory,
  listDivisionHistory,
  listGroupAssignments,
  listMemberChangeHistory,
  revealEmployeeSsn,
} from './member-record/read.ts';
export { createEmployee } from './member-record/create.ts';
export { updateEmployee } from './member-record/update.ts';
export {
  changeEmployeeTermination,
  removeEmployeeTermination,
  terminateEmployee,
} from './member-record/terminate.ts';
export { reinstateEmployee } from './member-record/reinstate.ts';
export { changeEmployeeGroup } from './member-record/change-group.ts';
export { addEmployeeDivision } from './member-record/add-division.ts';
export { changeEmployeeBenefitPackage } from './member-record/change-package.ts';
