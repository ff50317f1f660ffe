/**
 * The clinical configuration module's public surface (decision 0107): the Protect service's
 * routes, and the case insert the demo seed uses.
 */
export { clinicalRoutes } from './clinical.routes.ts';
export { insertCases } from './clinical.repo.ts';
