/*
 * The claim entity's public surface: a member's pharmacy claims history and PBM claim links.
 * Features and other entities import only this file; its query keys all start at claimKeys.all
 * (claimKeys.member covers one member's pages and links).
 *
 * The member detail page places the block:
 *   <ClaimsHistory orgId={orgId} employeeNo={employeeNo} dependentNo={dependentNo} />
 */
export { claimKeys } from './query-keys.ts';
export {
  claimsHistoryQueryOptions,
  getClaimsHistory,
  getPbmLinks,
  pbmLinksQueryOptions,
  useClaimsHistory,
  usePbmLinks,
  type ClaimsSearch,
} from './api/claims-history.ts';
export { ClaimsHistory, PbmClaimLinks, type ClaimsHistoryProps } from './ui/claims-history.tsx';
