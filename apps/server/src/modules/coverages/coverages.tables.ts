/*
 * Row types of the coverage and ID card tables (migration 0007-coverages-id-cards).
 */

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in with the migration
export interface CoverageTables {}
