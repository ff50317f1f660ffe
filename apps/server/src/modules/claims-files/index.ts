/**
 * The claims files module's public surface (issue 19, decision 0126): its routes, and for the
 * repricing (modules/pricing) and the seed, the reads and writes of mapped files and iterations.
 */
export { claimsFilesRoutes } from './claims-files.routes.ts';
/** The claims file calls of an opportunity shared with an external user (decision 0144). */
export { sharedClaimsRoutes } from './shared-claims.routes.ts';
export {
  acceptFile,
  claimRange,
  registerMapped,
  saveIteration,
  getIteration,
  seedClaimsFile,
} from './claims-files.service.ts';
export { findMappedFile } from './claims-files.repo.ts';
// The proposal's documents: the pricing module serves them, with the claim detail it streams.
export { proposalData } from './proposal-layout.ts';
export { proposalPdf } from './proposal-pdf.ts';
export { proposalXlsx } from './proposal-xlsx.ts';
