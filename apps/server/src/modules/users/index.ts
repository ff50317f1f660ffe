/** The users module's public surface. */
export { usersRoutes } from './users.routes.ts';
