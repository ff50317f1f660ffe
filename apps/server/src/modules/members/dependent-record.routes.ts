import type { FastifyInstance } from 'fastify';

/** A dependent's record and lifecycle (spec 1 §4, §7). */
// eslint-disable-next-line @typescript-eslint/require-await -- filled in by the member-record work
export async function dependentRecordRoutes(_app: FastifyInstance): Promise<void> {}
