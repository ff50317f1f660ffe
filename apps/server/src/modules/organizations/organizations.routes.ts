import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PERMISSIONS,
  organizationDetail,
  organizationIdParams,
  organizationPage,
  organizationSearchQuery,
} from '@pillar/domain';
import { principalOf } from '../../platform/auth/access.ts';
import { getOrganization, listOrganizations } from './organizations.service.ts';

const viewOrganizations = { allOf: [PERMISSIONS.viewOrganizations] } as const;

/** Portal service organizations (spec 1 §7). */
export async function organizationsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  r.get(
    '/organizations',
    {
      config: { access: viewOrganizations },
      schema: {
        summary: 'Search organizations',
        tags: ['organizations'],
        querystring: organizationSearchQuery,
        response: { 200: organizationPage },
      },
    },
    async (request) => listOrganizations(db, principalOf(request), request.query),
  );

  r.get(
    '/organizations/:orgId',
    {
      config: { access: viewOrganizations },
      schema: {
        summary: 'One organization: header, contacts and the flags that drive member forms',
        tags: ['organizations'],
        params: organizationIdParams,
        response: { 200: organizationDetail },
      },
    },
    async (request) => getOrganization(db, principalOf(request), request.params.orgId),
  );
}
