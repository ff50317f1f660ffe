/**
 * The drug reference's public surface (decision 0106): the drug search routes, the names of
 * class codes (the clinical module checks the drug codes it is given), the catalogue the demo
 * claims bill, and the loaders (FDA NDC Directory, Medi-Span, the demo catalogue). It owns the
 * `drug`, `drug_class` and `drug_reference_load` tables (migrations 0010, 0015).
 */
export { drugReferenceRoutes } from './drug-reference.routes.ts';
export { drugClassNames } from './drug-reference.repo.ts';
export { refreshSearchNames, vacuumDrugReference } from './loaders.repo.ts';
export { loadFdaDirectory, type ReferenceLoadResult } from './fda-loader.ts';
export {
  DEFAULT_MEDISPAN_LAYOUT,
  loadMediSpanFile,
  readMediSpanLayout,
  type MediSpanLayout,
} from './medispan-loader.ts';
export { ReferenceFileError } from './reference-files.ts';
