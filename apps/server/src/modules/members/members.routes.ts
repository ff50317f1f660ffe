import type { FastifyInstance } from 'fastify';

/** Members and dependents. Registered at the root: routes carry their full service paths. */
export async function membersRoutes(_app: FastifyInstance): Promise<void> {}
