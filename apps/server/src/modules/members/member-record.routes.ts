import type { FastifyInstance } from 'fastify';

/** An employee's record and its eligibility lifecycle (spec 1 §4, §7). */
 
export async function memberRecordRoutes(_app: FastifyInstance): Promise<void> {}
