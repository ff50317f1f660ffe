/**
 * The claims module's public surface: its routes. It owns the drug catalogue, the
 * organizations' PBMs and the pharmacy claims (migration 0010); the clinical issue may move the
 * drug catalogue to a drug module (decision 0098).
 */
export { claimsRoutes } from './claims.routes.ts';
