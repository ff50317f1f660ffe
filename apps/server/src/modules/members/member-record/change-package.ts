import {
  MEMBER_HISTORY_EVENTS,
  MEMBER_RECORD_MESSAGES,
  PROCESS_STATUS,
  type BenefitPackageChangeBody,
  type EmployeeDetail,
} from '@pillar/domain';
import type { Principal } from '../../../platform/auth/principal.ts';
import { findBenefitPackage, insertBenefitPackageHistory } from '../member-record.repo.ts';
import {
  type MemberRecordDeps,
  fieldError,
  dateRule,
  setEmployee,
  employeeHistory,
  refuseDivisionChange,
} from './context.ts';
import { writeEmployee } from './write.ts';

/* A benefit package change (organizations with divisions). */

/** PATCH .../benefit-package: organizations with divisions only; an active package. */
export function changeEmployeeBenefitPackage(
  deps: MemberRecordDeps,
  principal: Principal,
  organizationNo: number,
  employeeNo: number,
  body: BenefitPackageChangeBody,
): Promise<EmployeeDetail> {
  return writeEmployee(
    deps,
    principal,
    organizationNo,
    employeeNo,
    async (trx, employee, today) => {
      const { row } = employee;
      refuseDivisionChange(row);
      const benefitPackage = await findBenefitPackage(trx, organizationNo, body.benefitPackageId);
      if (!benefitPackage) fieldError('benefitPackageId', 'Benefit Package not found');
      if (benefitPackage.process_status !== PROCESS_STATUS.active) {
        fieldError('benefitPackageId', MEMBER_RECORD_MESSAGES.benefitPackageTerminated);
      }
      if (benefitPackage.benefit_package_no === row.benefit_package_no) {
        fieldError('benefitPackageId', MEMBER_RECORD_MESSAGES.benefitPackageUnchanged);
      }
      dateRule('changeDate', 'change', body.changeDate, row.effective_date);
      await setEmployee(trx, principal, employee, {
        benefit_package_no: benefitPackage.benefit_package_no,
        benefit_package_effective_date: body.changeDate,
        benefit_package_assignment_date: today,
      });
      await insertBenefitPackageHistory(trx, {
        employee,
        benefitPackageNo: benefitPackage.benefit_package_no,
        effectiveDate: body.changeDate,
        assignmentDate: today,
        userNo: principal.userNo,
      });
      await employeeHistory(trx, principal, employee, MEMBER_HISTORY_EVENTS.benefitPackageChange, [
        {
          field: 'benefitPackage',
          oldValue: row.benefit_package_id,
          newValue: benefitPackage.benefit_package_id,
        },
      ]);
    },
  );
}
