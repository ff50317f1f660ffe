import type { FastifyInstance } from 'fastify';

/** A dependent's record and lifecycle (spec 1 §4, §7). */
 
export async function dependentRecordRoutes(_app: FastifyInstance): Promise<void> {}
