/** The prior-authorization module's public surface: its routes (decision 0096). */
export { priorAuthRoutes } from './prior-auth.routes.ts';
