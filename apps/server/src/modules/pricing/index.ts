/**
 * The pricing module's public surface (issue 19, decisions 0125 and 0131): the financial
 * analysis routes, the FA job worker main.ts starts, and for tests and the bench the job itself.
 */
export { pricingRoutes } from './pricing.routes.ts';
export { FA_QUEUE, runFaJob, startFaWorker } from './fa-jobs.ts';
