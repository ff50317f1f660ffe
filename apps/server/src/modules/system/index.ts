/** The system module's public surface. */
export { systemRoutes } from './system.routes.ts';
