/** The member-preferences module's public surface: the members hub's routes (decision 0099). */
export { memberPreferencesRoutes } from './member-preferences.routes.ts';
