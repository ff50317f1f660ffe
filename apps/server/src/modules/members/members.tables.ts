/** Row types of the members and dependents tables (migration 0003-members). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled as the area's tables land
export interface MemberTables {}
