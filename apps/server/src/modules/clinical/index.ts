/**
 * The clinical configuration module's public surface (decision 0107): the Protect service's
 * routes; the writes the demo seed makes through the same rules (history and snapshots
 * included); and the case insert the seed and tests use (no route creates cases yet).
 */
export { clinicalRoutes } from './clinical.routes.ts';
export { insertCases } from './clinical.repo.ts';
export {
  addConditionDrug,
  addTargetDrugs,
  createCondition,
  createIntervention,
  saveList,
  setAlternativeDrugs,
  setConditionSettings,
  setPbms,
  type Actor,
} from './clinical.service.ts';
