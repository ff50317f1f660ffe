/** Row types of the user administration tables (migration 0004-user-admin). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled as the area's tables land
export interface UserAdminTables {}
