/** Row types of the secure file exchange tables (migration 0005-files). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled as the area's tables land
export interface FileTables {}
