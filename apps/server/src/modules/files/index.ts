/** The files module's public surface. */
export { filesRoutes } from './files.routes.ts';
