/**
 * The evaluate module's public surface (decision 0114): its routes, and for the incumbent parts
 * written beside it (incumbent-*.ts) and the seed, the opportunity lock and the version writer
 * every save of a part calls in its transaction.
 */
export { evaluateRoutes } from './evaluate.routes.ts';
export { incumbentPartsRoutes } from './incumbent-parts.routes.ts';
export { recordEvaluateVersion } from './evaluate-history.ts';
export {
  requireOpportunity,
  requireOpportunityForUpdate,
  type OpportunityHandle,
} from './evaluate.access.ts';
/** The demo seed imports opportunities and saves contracts through the module's own rules. */
export { createOpportunity, saveContract } from './evaluate.service.ts';
/** The demo seed saves the incumbent parts through their own rules (seed/evaluate-incumbent.ts). */
export {
  createInsight,
  saveAggregates,
  saveContacts,
  saveFees,
  savePricing,
  savePricingInsights,
  saveRenewals,
} from './incumbent-parts.service.ts';
/** The repricing (modules/pricing) reads the opportunity and its incumbent's terms. */
export { getContract, getOpportunity } from './evaluate.service.ts';
export { getFees, getRenewals } from './incumbent-parts.service.ts';
/** Claims workflow shares (decision 0144): their routes, and the scope of the shared claims calls. */
export { claimsSharesRoutes } from './claims-shares.routes.ts';
export { requireLiveShare, seedClaimsShare } from './claims-shares.service.ts';
