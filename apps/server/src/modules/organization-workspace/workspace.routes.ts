import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PERMISSIONS,
  authBenefitGroupList,
  authOrganization,
  authOrganizationPage,
  authOrganizationQuery,
  benefitGroup,
  benefitGroupPage,
  benefitPackagePage,
  benefitPackageQuery,
  divisionList,
  documentResponse,
  feeList,
  feeListQuery,
  groupListQuery,
  groupParams,
  incentiveProgramList,
  incentiveProgramQuery,
  invoiceConfigPage,
  invoiceConfigQuery,
  invoiceListQuery,
  invoicePage,
  invoiceParams,
  location,
  locationPage,
  locationParams,
  locationQuery,
  meddSubsidyPage,
  meddSubsidyQuery,
  organizationIdParams,
  organizationUserPage,
  organizationUserQuery,
  planListQuery,
  planPage,
  reportQuery,
} from '@pillar/domain';
import { principalOf } from '../../platform/auth/access.ts';
import * as service from './workspace.service.ts';
import { attachmentDisposition } from '../../platform/http/content-disposition.ts';

const PORTAL = '/portal/v1/organizations/:orgId';
const viewOrganizations = { allOf: [PERMISSIONS.viewOrganizations] } as const;
const viewInvoices = {
  allOf: [PERMISSIONS.viewOrganizations, PERMISSIONS.viewFinancialInvoice],
} as const;
/** Each report type needs its own download permission too; the service checks that one. */
const downloadAnyReport = {
  anyOf: [
    PERMISSIONS.downloadFinancialInvoice,
    PERMISSIONS.downloadFinancialClaimSummary,
    PERMISSIONS.downloadFinancialClaimDetail,
    PERMISSIONS.downloadFinancialInvoiceClaimExport,
  ],
} as const;
const viewUsers = { allOf: [PERMISSIONS.viewUsers] } as const;
const authorizationViewOrgs = { allOf: [PERMISSIONS.authorizationViewOrgs] } as const;

/**
 * Organization workspace (issue 3): groups with fees, divisions and incentive programs, benefit
 * packages, plans, invoice configurations, invoices and their documents, locations, Med D
 * subsidies, and the organization look-ups and users of the authorization service (spec 1 §7).
 * Registered at the root: routes carry their full service paths.
 */
export async function organizationWorkspaceRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  const tags = ['organization workspace'];

  r.get(
    `${PORTAL}/groups`,
    {
      config: { access: viewOrganizations },
      schema: {
        summary: "The organization's benefit groups the caller may see",
        tags,
        params: organizationIdParams,
        querystring: groupListQuery,
        response: { 200: benefitGroupPage },
      },
    },
    async (req) => service.listGroups(db, principalOf(req), req.params.orgId, req.query),
  );

  r.get(
    `${PORTAL}/groups/:groupId`,
    {
      config: { access: viewOrganizations },
      schema: {
        summary: 'One benefit group (the Group Summary drawer)',
        tags,
        params: groupParams,
        response: { 200: benefitGroup },
      },
    },
    async (req) => service.getGroup(db, principalOf(req), req.params.orgId, req.params.groupId),
  );

  r.get(
    `${PORTAL}/groups/:groupId/divisions`,
    {
      config: { access: viewOrganizations },
      schema: {
        summary: "A benefit group's divisions",
        tags,
        params: groupParams,
        response: { 200: divisionList },
      },
    },
    async (req) =>
      service.listDivisions(db, principalOf(req), req.params.orgId, req.params.groupId),
  );

  r.get(
    `${PORTAL}/fees`,
    {
      config: { access: viewOrganizations },
      schema: {
        summary: 'Group fees (planFees), of one group with groupId',
        tags,
        params: organizationIdParams,
        querystring: feeListQuery,
        response: { 200: feeList },
      },
    },
    async (req) => service.listFees(db, principalOf(req), req.params.orgId, req.query.groupId),
  );

  r.get(
    `${PORTAL}/incentive-programs`,
    {
      config: { access: viewOrganizations },
      schema: {
        summary: 'The incentive programs each benefit group supports',
        tags,
        params: organizationIdParams,
        querystring: incentiveProgramQuery,
        response: { 200: incentiveProgramList },
      },
    },
    async (req) =>
      service.listIncentivePrograms(db, principalOf(req), req.params.orgId, req.query.groupId),
  );

  r.get(
    `${PORTAL}/benefit-packages`,
    {
      config: { access: viewOrganizations },
      schema: {
        summary: "The organization's benefit packages",
        tags,
        params: organizationIdParams,
        querystring: benefitPackageQuery,
        response: { 200: benefitPackagePage },
      },
    },
    async (req) => service.listBenefitPackages(db, principalOf(req), req.params.orgId, req.query),
  );

  r.get(
    `${PORTAL}/plans/coverages`,
    {
      config: { access: viewOrganizations },
      schema: {
        summary: "The organization's plans (the Plans panel)",
        tags,
        params: organizationIdParams,
        querystring: planListQuery,
        response: { 200: planPage },
      },
    },
    async (req) => service.listPlans(db, principalOf(req), req.params.orgId, req.query),
  );

  r.get(
    `${PORTAL}/invoiceconfigs`,
    {
      config: { access: viewInvoices },
      schema: {
        summary: "The organization's invoice configurations",
        tags,
        params: organizationIdParams,
        querystring: invoiceConfigQuery,
        response: { 200: invoiceConfigPage },
      },
    },
    async (req) => service.listInvoiceConfigs(db, principalOf(req), req.params.orgId, req.query),
  );

  r.get(
    `${PORTAL}/invoices`,
    {
      config: { access: viewInvoices },
      schema: {
        summary: 'Invoice history, of one configuration with invoiceConfigNo',
        tags,
        params: organizationIdParams,
        querystring: invoiceListQuery,
        response: { 200: invoicePage },
      },
    },
    async (req) => service.listInvoices(db, principalOf(req), req.params.orgId, req.query),
  );

  r.get(
    `${PORTAL}/invoices/:invoiceId/report`,
    {
      config: { access: downloadAnyReport },
      schema: {
        summary: "One of an invoice's documents, generated from its data",
        description:
          'type Invoice, Summary, Detail or InvoiceClaimExtract; format PDF, Excel (xlsx) or Text (CSV). ' +
          'Each type needs its download permission. The file name is in Content-Disposition.',
        tags,
        params: invoiceParams,
        querystring: reportQuery,
        response: { 200: documentResponse },
      },
    },
    async (req, reply) => {
      const file = await service.invoiceReport(
        db,
        principalOf(req),
        req.params.orgId,
        req.params.invoiceId,
        req.query,
      );
      return reply
        .header('content-disposition', attachmentDisposition(file.fileName))
        .header('access-control-expose-headers', 'content-disposition')
        .header('cache-control', 'no-store')
        .type(file.contentType)
        .send(file.body);
    },
  );

  r.get(
    `${PORTAL}/locations`,
    {
      config: { access: viewOrganizations },
      schema: {
        summary: "The organization's locations",
        tags,
        params: organizationIdParams,
        querystring: locationQuery,
        response: { 200: locationPage },
      },
    },
    async (req) => service.listLocations(db, principalOf(req), req.params.orgId, req.query),
  );

  r.get(
    `${PORTAL}/locations/:locationId`,
    {
      config: { access: viewOrganizations },
      schema: {
        summary: 'One location',
        tags,
        params: locationParams,
        response: { 200: location },
      },
    },
    async (req) =>
      service.getLocation(db, principalOf(req), req.params.orgId, req.params.locationId),
  );

  r.get(
    `${PORTAL}/meddsubsidy`,
    {
      config: { access: viewOrganizations },
      schema: {
        summary: "The organization's Med D subsidy records",
        tags,
        params: organizationIdParams,
        querystring: meddSubsidyQuery,
        response: { 200: meddSubsidyPage },
      },
    },
    async (req) => service.listMeddSubsidies(db, principalOf(req), req.params.orgId, req.query),
  );

  // Authorization service (spec 1 §7, spec 2 §7).
  r.get(
    '/authorization/v1/organizations',
    {
      config: { access: authorizationViewOrgs },
      schema: {
        summary: 'Organizations for user administration, by orgNo or name',
        tags,
        querystring: authOrganizationQuery,
        response: { 200: authOrganizationPage },
      },
    },
    async (req) => service.listAuthOrganizations(db, principalOf(req), req.query),
  );

  r.get(
    '/authorization/v1/organizations/:orgId',
    {
      config: { access: authorizationViewOrgs },
      schema: {
        summary: 'One organization for user administration',
        tags,
        params: organizationIdParams,
        response: { 200: authOrganization },
      },
    },
    async (req) => service.getAuthOrganization(db, principalOf(req), req.params.orgId),
  );

  r.get(
    '/authorization/v1/organizations/:orgId/benefitgroups',
    {
      config: { access: authorizationViewOrgs },
      schema: {
        summary: "An organization's benefit groups, for group-restricted access",
        tags,
        params: organizationIdParams,
        response: { 200: authBenefitGroupList },
      },
    },
    async (req) => service.listAuthBenefitGroups(db, principalOf(req), req.params.orgId),
  );

  r.get(
    '/authorization/v1/organizations/:orgId/users',
    {
      config: { access: viewUsers },
      schema: {
        summary: "The organization's users (the Users tab)",
        tags,
        params: organizationIdParams,
        querystring: organizationUserQuery,
        response: { 200: organizationUserPage },
      },
    },
    async (req) => service.listOrganizationUsers(db, principalOf(req), req.params.orgId, req.query),
  );
}
