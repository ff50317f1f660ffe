/** A mapped claims file's FA job, pricing grid and explanations (spec 3 §4, §7; decision 0131). */
export { pricingKeys } from './query-keys.ts';
export {
  jobRunning,
  useCreateFaJob,
  useDownloadCellClaims,
  useExplainCell,
  useFaJobStatus,
  usePricingGrid,
  useRecalculate,
} from './api/pricing.ts';
