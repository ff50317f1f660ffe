/** The coverages module's public surface. */
export { coveragesRoutes } from './coverages.routes.ts';
