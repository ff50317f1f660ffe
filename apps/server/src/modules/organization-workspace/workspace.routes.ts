import type { FastifyInstance } from 'fastify';

/** Organization workspace (issue 3): groups fees, plans, invoices, locations, Med D subsidies, organization users. Registered at the root: routes carry their full service paths. */
export async function organizationWorkspaceRoutes(_app: FastifyInstance): Promise<void> {}
