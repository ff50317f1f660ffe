import type { FastifyInstance } from 'fastify';

/** Coverages, temp ID cards and new-card requests of a member (spec 1 §2 "Coverage", §4, §7). */
 
export async function coveragesRoutes(_app: FastifyInstance): Promise<void> {}
