import type { StandardEligibilityRow } from '@pillar/domain';
import type { NewRun } from '../modules/eligibility-imports/eligibility-imports.repo.ts';

/*
 * The eligibility import's test rows and runs (issue 17), one builder for the module's tests and
 * the SQL snapshot test.
 */

/** A standard-layout employee row of group G1, with `values` over the defaults. */
export function importRow(
  rowNumber: number,
  ssn: string,
  values: Partial<StandardEligibilityRow> = {},
): StandardEligibilityRow {
  return {
    rowNumber,
    recordType: 'E',
    maintenanceCode: null,
    organizationId: null,
    ssn,
    employeeSsn: null,
    firstName: 'Ann',
    lastName: 'Lee',
    dateOfBirth: '1980-01-01',
    gender: 'F',
    relationship: null,
    groupId: 'G1',
    alternateGroupId: null,
    divisionId: null,
    benefitPackage: null,
    effectiveDate: '2026-01-01',
    termDate: null,
    cobra: null,
    retiree: null,
    student: null,
    disabled: null,
    adultDependent: null,
    ...values,
  };
}

const RUN_DEFAULTS = {
  fileName: 'members.csv',
  fileFormat: 'csv' as const,
  storageKey: 'k',
  createdBy: 1,
  // Not the whole roster (decision 0138); kept here so every test's run states it once.
  fullFile: false,
};

/** A new run of the configuration (a delimited file), with `values` over the defaults. */
export function newRun(
  configuration: { eicNo: number; organizationNo: number },
  values: Partial<NewRun> = {},
): NewRun {
  return { ...RUN_DEFAULTS, ...configuration, ...values };
}
