import type { FastifyInstance } from 'fastify';

/** User administration. Registered at the root: routes carry their full service paths. */
export async function usersRoutes(_app: FastifyInstance): Promise<void> {}
