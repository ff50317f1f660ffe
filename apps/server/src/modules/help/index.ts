/** The help module's public surface. */
export { helpRoutes } from './help.routes.ts';
