/**
 * The plan information module's public surface: group information and PBC documents (plans
 * service) and appointments of representative (communication manager), spec 2 §7.
 */
export { planInfoRoutes } from './plan-info.routes.ts';
