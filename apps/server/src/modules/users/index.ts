/** The users module's public surface: its routes, one plugin per sub-area, in registration order. */
export { usersRoutes } from './users.routes.ts';
export { profileRoutes } from './profile.routes.ts';
export { rolesRoutes } from './roles.routes.ts';
export { featureFlagsRoutes } from './feature-flags.routes.ts';
export { memberPortalRoutes } from './member-portal.routes.ts';
export { mailOutboxRoutes } from './mail-outbox.routes.ts';
export { sessionSettingsRoutes } from './session-settings.routes.ts';
