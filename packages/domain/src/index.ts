export * from './permissions.ts';
export * from './roles.ts';
export * from './codes.ts';
export * from './paging.ts';
export * from './dates.ts';
export * from './organizations.ts';
export * from './claims.ts';
export * from './errors.ts';
