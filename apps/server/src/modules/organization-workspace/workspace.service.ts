import type { Kysely } from 'kysely';
import {
  REPORT_PERMISSIONS,
  reportFileName,
  type AuthBenefitGroup,
  type AuthOrganization,
  type AuthOrganizationQuery,
  type BenefitGroup,
  type BenefitPackage,
  type BenefitPackageQuery,
  type Division,
  type FeeList,
  type GroupIncentivePrograms,
  type GroupListQuery,
  type Invoice,
  type InvoiceConfig,
  type InvoiceConfigQuery,
  type InvoiceListQuery,
  type Location,
  type LocationQuery,
  type MeddSubsidy,
  type MeddSubsidyQuery,
  type OrganizationUser,
  type OrganizationUserQuery,
  type Page,
  type Plan,
  type PlanListQuery,
  type ReportQuery,
} from '@pillar/domain';
import { writeAudit } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import type { DB } from '../../platform/db/schema.ts';
import { badRequest, forbidden, notFound } from '../../platform/http/problem.ts';
import * as repo from './workspace.repo.ts';
import { renderReport } from './workspace.reports.ts';

/*
 * Every call first makes sure the organization exists and is the caller's: one outside scope
 * answers exactly like one that does not exist (404), never with an empty list.
 */

async function requireOrganization(
  db: Kysely<DB>,
  principal: Principal,
  organizationNo: number,
): Promise<void> {
  if (!(await repo.organizationVisible(db, principal, organizationNo)))
    throw notFound('Organization');
}

async function requireGroup(
  db: Kysely<DB>,
  principal: Principal,
  organizationNo: number,
  groupNo: number,
): Promise<BenefitGroup> {
  await requireOrganization(db, principal, organizationNo);
  const group = await repo.findGroup(db, principal, organizationNo, groupNo);
  if (!group) throw notFound('Group');
  return group;
}

export async function listGroups(
  db: Kysely<DB>,
  principal: Principal,
  organizationNo: number,
  query: GroupListQuery,
): Promise<Page<BenefitGroup>> {
  await requireOrganization(db, principal, organizationNo);
  return repo.listGroups(db, principal, organizationNo, query);
}

export function getGroup(
  db: Kysely<DB>,
  principal: Principal,
  organizationNo: number,
  groupNo: number,
): Promise<BenefitGroup> {
  return requireGroup(db, principal, organizationNo, groupNo);
}

export async function listDivisions(
  db: Kysely<DB>,
  principal: Principal,
  organizationNo: number,
  groupNo: number,
): Promise<{ data: Division[]; totalCount: number }> {
  await requireGroup(db, principal, organizationNo, groupNo);
  const data = await repo.listDivisions(db, organizationNo, groupNo);
  return { data, totalCount: data.length };
}

export async function listFees(
  db: Kysely<DB>,
  principal: Principal,
  organizationNo: number,
  groupNo: number | undefined,
): Promise<FeeList> {
  if (groupNo === undefined) await requireOrganization(db, principal, organizationNo);
  else await requireGroup(db, principal, organizationNo, groupNo);
  return { planFees: await repo.listFees(db, principal, organizationNo, groupNo) };
}

export async function listIncentivePrograms(
  db: Kysely<DB>,
  principal: Principal,
  organizationNo: number,
  groupNo: number | undefined,
): Promise<{ data: GroupIncentivePrograms[] }> {
  if (groupNo === undefined) await requireOrganization(db, principal, organizationNo);
  else await requireGroup(db, principal, organizationNo, groupNo);
  return { data: await repo.listIncentivePrograms(db, principal, organizationNo, groupNo) };
}

export async function listBenefitPackages(
  db: Kysely<DB>,
  principal: Principal,
  organizationNo: number,
  query: BenefitPackageQuery,
): Promise<Page<BenefitPackage>> {
  await requireOrganization(db, principal, organizationNo);
  return repo.listBenefitPackages(db, organizationNo, query);
}

export async function listPlans(
  db: Kysely<DB>,
  principal: Principal,
  organizationNo: number,
  query: PlanListQuery,
): Promise<Page<Plan>> {
  await requireOrganization(db, principal, organizationNo);
  return repo.listPlans(db, organizationNo, query);
}

export async function listInvoiceConfigs(
  db: Kysely<DB>,
  principal: Principal,
  organizationNo: number,
  query: InvoiceConfigQuery,
): Promise<Page<InvoiceConfig>> {
  await requireOrganization(db, principal, organizationNo);
  return repo.listInvoiceConfigs(db, organizationNo, query);
}

export async function listInvoices(
  db: Kysely<DB>,
  principal: Principal,
  organizationNo: number,
  query: InvoiceListQuery,
): Promise<Page<Invoice>> {
  await requireOrganization(db, principal, organizationNo);
  return repo.listInvoices(db, organizationNo, query);
}

export interface ReportFile {
  fileName: string;
  contentType: string;
  body: Buffer;
}

/**
 * One of an invoice's documents. The download permission of the type is checked first (403
 * whether or not the invoice exists), then the invoice's scope (404). Claim rows are limited to
 * the groups the caller may see; the invoice itself is the organization's bill and is whole.
 */
export async function invoiceReport(
  db: Kysely<DB>,
  principal: Principal,
  organizationNo: number,
  invoiceNo: number,
  query: ReportQuery,
): Promise<ReportFile> {
  if (!principal.permissions.has(REPORT_PERMISSIONS[query.type])) throw forbidden();
  const invoice = await repo.findInvoice(db, principal, organizationNo, invoiceNo);
  if (!invoice) throw notFound('Invoice');
  if (query.date !== undefined && query.date !== invoice.invoiceDate) {
    throw badRequest(`date: the invoice is dated ${invoice.invoiceDate}`, {
      date: `the invoice is dated ${invoice.invoiceDate}`,
    });
  }
  if (query.type === 'InvoiceClaimExtract' && !invoice.supportsICE) {
    const message = 'this invoice configuration does not offer the claim extract';
    throw badRequest(`type: ${message}`, { type: message });
  }
  const [lines, summary, detail] = await Promise.all([
    query.type === 'Invoice' ? repo.invoiceLines(db, invoiceNo) : [],
    query.type === 'Summary' ? repo.claimSummary(db, principal, invoiceNo) : [],
    query.type === 'Detail' || query.type === 'InvoiceClaimExtract'
      ? repo.claimDetail(db, principal, invoiceNo)
      : [],
  ]);
  const rendered = await renderReport(query.type, query.format, {
    invoice,
    lines,
    summary,
    detail,
  });
  // Claim reports name members: who downloaded what is kept.
  await writeAudit(db, {
    actorUserNo: principal.userNo,
    action: 'download',
    entity: 'invoice',
    entityId: invoiceNo,
    detail: { organizationNo, type: query.type, format: query.format },
  });
  return {
    fileName: reportFileName(invoiceNo, invoice.invoiceDate, query.type, query.format),
    contentType: rendered.contentType,
    body: rendered.body,
  };
}

export async function listLocations(
  db: Kysely<DB>,
  principal: Principal,
  organizationNo: number,
  query: LocationQuery,
): Promise<Page<Location>> {
  await requireOrganization(db, principal, organizationNo);
  return repo.listLocations(db, organizationNo, query);
}

export async function getLocation(
  db: Kysely<DB>,
  principal: Principal,
  organizationNo: number,
  locationNo: number,
): Promise<Location> {
  await requireOrganization(db, principal, organizationNo);
  const location = await repo.findLocation(db, organizationNo, locationNo);
  if (!location) throw notFound('Location');
  return location;
}

export async function listMeddSubsidies(
  db: Kysely<DB>,
  principal: Principal,
  organizationNo: number,
  query: MeddSubsidyQuery,
): Promise<Page<MeddSubsidy>> {
  await requireOrganization(db, principal, organizationNo);
  return repo.listMeddSubsidies(db, organizationNo, query);
}

export async function listOrganizationUsers(
  db: Kysely<DB>,
  principal: Principal,
  organizationNo: number,
  query: OrganizationUserQuery,
): Promise<Page<OrganizationUser>> {
  await requireOrganization(db, principal, organizationNo);
  return repo.listOrganizationUsers(db, principal, organizationNo, query);
}

export function listAuthOrganizations(
  db: Kysely<DB>,
  principal: Principal,
  query: AuthOrganizationQuery,
): Promise<Page<AuthOrganization>> {
  return repo.listAuthOrganizations(db, principal, query);
}

export async function getAuthOrganization(
  db: Kysely<DB>,
  principal: Principal,
  organizationNo: number,
): Promise<AuthOrganization> {
  const organization = await repo.findAuthOrganization(db, principal, organizationNo);
  if (!organization) throw notFound('Organization');
  return organization;
}

export async function listAuthBenefitGroups(
  db: Kysely<DB>,
  principal: Principal,
  organizationNo: number,
): Promise<{ data: AuthBenefitGroup[] }> {
  await requireOrganization(db, principal, organizationNo);
  return { data: await repo.listAuthBenefitGroups(db, principal, organizationNo) };
}
