import type { FastifyInstance } from 'fastify';

/** Coverages, temp ID cards and new-card requests of a member (spec 1 §2 "Coverage", §4, §7). */
// eslint-disable-next-line @typescript-eslint/require-await -- filled in by the coverages work
export async function coveragesRoutes(_app: FastifyInstance): Promise<void> {}
