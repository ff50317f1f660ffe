import type { Kysely } from 'kysely';
import {
  REPORT_PERMISSIONS,
  reportFileName,
  type AuthBenefitGroup,
  type AuthOrganization,
  type AuthOrganizationQuery,
  type BenefitGroup,
  type Division,
  type FeeList,
  type GroupIncentivePrograms,
  type Location,
  type Page,
  type ReportQuery,
} from '@pillar/domain';
import { writeAudit } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import type { DB } from '../../database.ts';
import { badRequest, forbidden, notFound } from '../../platform/http/problem.ts';
import * as repo from './workspace.repo.ts';
import { renderReport } from './workspace.reports.ts';
import {
  authBenefitGroupsOf,
  findAuthOrganization,
  findBenefitGroup,
  listBenefitGroups,
  searchAuthOrganizations,
  requireOrganization,
} from '../organizations/index.ts';

/*
 * Every call first makes sure the organization exists and is the caller's: one outside scope
 * answers exactly like one that does not exist (404), never with an empty list.
 */

/** A read of one organization's rows, answered only when the organization is the caller's. */
function readOfOrganization<Query, Answer>(
  read: (db: Kysely<DB>, organizationNo: number, query: Query) => Promise<Answer>,
) {
  return async (
    db: Kysely<DB>,
    principal: Principal,
    organizationNo: number,
    query: Query,
  ): Promise<Answer> => {
    await requireOrganization(db, principal, organizationNo);
    return read(db, organizationNo, query);
  };
}

/** The same, for reads that narrow further by the caller (restricted groups, user types). */
function scopedReadOfOrganization<Query, Answer>(
  read: (
    db: Kysely<DB>,
    principal: Principal,
    organizationNo: number,
    query: Query,
  ) => Promise<Answer>,
) {
  return async (
    db: Kysely<DB>,
    principal: Principal,
    organizationNo: number,
    query: Query,
  ): Promise<Answer> => {
    await requireOrganization(db, principal, organizationNo);
    return read(db, principal, organizationNo, query);
  };
}

async function requireGroup(
  db: Kysely<DB>,
  principal: Principal,
  organizationNo: number,
  groupNo: number,
): Promise<BenefitGroup> {
  await requireOrganization(db, principal, organizationNo);
  const group = await findBenefitGroup(db, principal, organizationNo, groupNo);
  if (!group) throw notFound('Group');
  return group;
}

export const listGroups = scopedReadOfOrganization(listBenefitGroups);

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

export const listBenefitPackages = readOfOrganization(repo.listBenefitPackages);

export const listPlans = readOfOrganization(repo.listPlans);

export const listInvoiceConfigs = readOfOrganization(repo.listInvoiceConfigs);

export const listInvoices = readOfOrganization(repo.listInvoices);

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

export const listLocations = readOfOrganization(repo.listLocations);

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

export const listMeddSubsidies = readOfOrganization(repo.listMeddSubsidies);

export const listOrganizationUsers = scopedReadOfOrganization(repo.listOrganizationUsers);

export function listAuthOrganizations(
  db: Kysely<DB>,
  principal: Principal,
  query: AuthOrganizationQuery,
): Promise<Page<AuthOrganization>> {
  return searchAuthOrganizations(db, principal, query);
}

export async function getAuthOrganization(
  db: Kysely<DB>,
  principal: Principal,
  organizationNo: number,
): Promise<AuthOrganization> {
  const organization = await findAuthOrganization(db, principal, organizationNo);
  if (!organization) throw notFound('Organization');
  return organization;
}

export async function listAuthBenefitGroups(
  db: Kysely<DB>,
  principal: Principal,
  organizationNo: number,
): Promise<{ data: AuthBenefitGroup[] }> {
  await requireOrganization(db, principal, organizationNo);
  return { data: await authBenefitGroupsOf(db, principal, organizationNo) };
}
