/**
 * Every query key of a member's communication and confidentiality preferences, from one root, so
 * a write invalidates by prefix: `member(orgId, employeeNo, dependentNo)` covers both reads of
 * one member or dependent (a dependent's key ends with its number, the member's with 0).
 */
export const memberPreferenceKeys = {
  all: ['member-preferences'] as const,
  member: (orgId: number, employeeNo: number, dependentNo?: number | null) =>
    [...memberPreferenceKeys.all, orgId, employeeNo, dependentNo ?? 0] as const,
  communication: (orgId: number, employeeNo: number, dependentNo?: number | null) =>
    [...memberPreferenceKeys.member(orgId, employeeNo, dependentNo), 'communication'] as const,
  confidentiality: (orgId: number, employeeNo: number, dependentNo: number, birthDate: string) =>
    [
      ...memberPreferenceKeys.member(orgId, employeeNo, dependentNo),
      'confidentiality',
      birthDate,
    ] as const,
};
