import type { FastifyInstance } from 'fastify';
import { organizationWorkspaceContracts as contracts } from '@pillar/domain';
import { principalOf } from '../../platform/auth/access.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import * as service from './workspace.service.ts';
import { attachmentDisposition } from '../../platform/http/content-disposition.ts';

/**
 * Organization workspace (issue 3): groups with fees, divisions and incentive programs, benefit
 * packages, plans, invoice configurations, invoices and their documents, locations, Med D
 * subsidies, and the organization look-ups and users of the authorization service (spec 1 §7).
 * Paths, schemas and rules are the contracts'; registered at the root.
 */
export async function organizationWorkspaceRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  registerRoute(app, contracts.groups, async ({ request, params, query }) =>
    service.listGroups(db, principalOf(request), params.orgId, query),
  );

  registerRoute(app, contracts.group, async ({ request, params }) =>
    service.getGroup(db, principalOf(request), params.orgId, params.groupId),
  );

  registerRoute(app, contracts.divisions, async ({ request, params }) =>
    service.listDivisions(db, principalOf(request), params.orgId, params.groupId),
  );

  registerRoute(app, contracts.fees, async ({ request, params, query }) =>
    service.listFees(db, principalOf(request), params.orgId, query.groupId),
  );

  registerRoute(app, contracts.incentivePrograms, async ({ request, params, query }) =>
    service.listIncentivePrograms(db, principalOf(request), params.orgId, query.groupId),
  );

  registerRoute(app, contracts.benefitPackages, async ({ request, params, query }) =>
    service.listBenefitPackages(db, principalOf(request), params.orgId, query),
  );

  registerRoute(app, contracts.plans, async ({ request, params, query }) =>
    service.listPlans(db, principalOf(request), params.orgId, query),
  );

  registerRoute(app, contracts.invoiceConfigs, async ({ request, params, query }) =>
    service.listInvoiceConfigs(db, principalOf(request), params.orgId, query),
  );

  registerRoute(app, contracts.invoices, async ({ request, params, query }) =>
    service.listInvoices(db, principalOf(request), params.orgId, query),
  );

  registerRoute(app, contracts.invoiceReport, async ({ request, reply, params, query }) => {
    const file = await service.invoiceReport(
      db,
      principalOf(request),
      params.orgId,
      params.invoiceId,
      query,
    );
    return reply
      .header('content-disposition', attachmentDisposition(file.fileName))
      .header('access-control-expose-headers', 'content-disposition')
      .header('cache-control', 'no-store')
      .type(file.contentType)
      .send(file.body);
  });

  registerRoute(app, contracts.locations, async ({ request, params, query }) =>
    service.listLocations(db, principalOf(request), params.orgId, query),
  );

  registerRoute(app, contracts.location, async ({ request, params }) =>
    service.getLocation(db, principalOf(request), params.orgId, params.locationId),
  );

  registerRoute(app, contracts.meddSubsidies, async ({ request, params, query }) =>
    service.listMeddSubsidies(db, principalOf(request), params.orgId, query),
  );

  // Authorization service (spec 1 §7, spec 2 §7).
  registerRoute(app, contracts.authOrganizations, async ({ request, query }) =>
    service.listAuthOrganizations(db, principalOf(request), query),
  );

  registerRoute(app, contracts.authOrganization, async ({ request, params }) =>
    service.getAuthOrganization(db, principalOf(request), params.orgId),
  );

  registerRoute(app, contracts.authBenefitGroups, async ({ request, params }) =>
    service.listAuthBenefitGroups(db, principalOf(request), params.orgId),
  );

  registerRoute(app, contracts.users, async ({ request, params, query }) =>
    service.listOrganizationUsers(db, principalOf(request), params.orgId, query),
  );
}
