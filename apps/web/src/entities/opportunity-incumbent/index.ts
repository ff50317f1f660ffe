/*
 * The incumbent parts of a prospect opportunity beyond its contract, and the administrator's RxB
 * pricing lists (spec 3 §7 "Evaluate service"): fees, credits, insights, aggregates, contacts,
 * renewals and competitor entries; each read and replaced by its own call, keyed under the
 * opportunity (incumbentKeys). Features import only this file.
 */
export { incumbentKeys, type IncumbentPart } from './query-keys.ts';
export {
  useAggregates,
  useChangeInsights,
  useContacts,
  useDeleteRenewal,
  useIncumbentFees,
  useInsights,
  usePricingInsights,
  usePricingList,
  useRenewals,
  useSaveAggregates,
  useSaveContacts,
  useSaveIncumbentFees,
  useSavePricingInsights,
  useSavePricingList,
  useSaveRenewals,
} from './api/incumbent-calls.ts';
