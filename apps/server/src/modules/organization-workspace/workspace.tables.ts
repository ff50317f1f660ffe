/** Row types of the organization workspace (issue 3) tables (migration 0002-organization-workspace). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled as the area's tables land
export interface OrganizationWorkspaceTables {}
