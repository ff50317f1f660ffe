/**
 * Every query key of a member's coverages and temp ID cards, from one root, so a write
 * invalidates by prefix:
 * - `employee(orgId, employeeNo)` covers everything read about one member's coverages (the
 *   Coverage panel's list and each temp card's data), so a write to the member (a new card
 *   request, a termination, a package or group change) reads them again;
 * - `links()` covers the public page's e-mailed temp card links.
 */
export const coverageKeys = {
  all: ['coverage'] as const,
  employee: (orgId: number, employeeNo: number) =>
    [...coverageKeys.all, 'employee', orgId, employeeNo] as const,
  list: (orgId: number, employeeNo: number) =>
    [...coverageKeys.employee(orgId, employeeNo), 'list'] as const,
  tempCard: (orgId: number, employeeNo: number, coverageNo: number) =>
    [...coverageKeys.employee(orgId, employeeNo), 'temp-card', coverageNo] as const,
  links: () => [...coverageKeys.all, 'temp-card-link'] as const,
  link: (token: string) => [...coverageKeys.links(), token] as const,
};
