/** The authorization module's public surface: its routes and the role sync run at start-up. */
export { authorizationRoutes } from './authorization.routes.ts';
export { syncRoles } from './role-sync.ts';
