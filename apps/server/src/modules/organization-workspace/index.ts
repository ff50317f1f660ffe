/** The organization workspace module's public surface. */
export { organizationWorkspaceRoutes } from './workspace.routes.ts';
