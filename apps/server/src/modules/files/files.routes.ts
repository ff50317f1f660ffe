import type { FastifyInstance } from 'fastify';

/** Secure file exchange. Registered at the root: routes carry their full service paths. */
export async function filesRoutes(_app: FastifyInstance): Promise<void> {}
