/** An opportunity's claims files and FA iterations (spec 3 §2, §7); features import this file. */
export { claimsFileKeys } from './query-keys.ts';
export { ClaimsCallsContext, useClaimsCalls } from './calls.ts';
export {
  useAcceptClaimsFile,
  useClaimRange,
  useClaimsFiles,
  useDownloadProposal,
  useFaIteration,
  useFaIterations,
  useMappingSource,
  useRegisterMapped,
  useSaveIteration,
  useUploadClaimsFile,
} from './api/claims-files.ts';
