import type { FastifyInstance } from 'fastify';

/** An employee's record and its eligibility lifecycle (spec 1 §4, §7). */
// eslint-disable-next-line @typescript-eslint/require-await -- filled in by the member-record work
export async function memberRecordRoutes(_app: FastifyInstance): Promise<void> {}
