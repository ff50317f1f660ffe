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
import { requireInvoice } from './workspace.access.ts';
import {
  authBenefitGroupsOf,
  findAuthOrganization,
  listBenefitGroups,
  searchAuthOrganizations,
  requireGroup,
  requireOrganization,
  type ScopedGroup,
  type ScopedOrganization,
} from '../organizations/index.ts';

/*
 * Every call first makes sure the organization exists and is the caller's: one outside scope
 * answers exactly like one that does not exist (404), never with an empty list. The check gives
 * the handle (decision 0095) the repository's per-organization reads take.
 */

/** A read of one organization's rows, answered only when the organization is the caller's. */
function readOfOrganization<Query, Answer>(
  read: (db: Kysely<DB>, organization: ScopedOrganization, query: Query) => Promise<Answer>,
) {
  return async (
    db: Kysely<DB>,
    principal: Principal,
    organizationNo: number,
    query: Query,
  ): Promise<Answer> => {
    return read(db, await requireOrganization(db, principal, organizationNo), query);
  };
}

/** The same, for reads that narrow further by the caller (restricted groups, user types). */
function scopedReadOfOrganization<Query, Answer>(
  read: (
    db: Kysely<DB>,
    principal: Principal,
    organization: ScopedOrganization,
    query: Query,
  ) => Promise<Answer>,
) {
  return async (
    db: Kysely<DB>,
    principal: Principal,
    organizationNo: number,
    query: Query,
  ): Promise<Answer> => {
    return read(db, principal, await requireOrganization(db, principal, organizationNo), query);
  };
}

/** The organization's check, then the group's (each 404 outside the caller's scope). */
async function requireGroupOf(
  db: Kysely<DB>,
  principal: Principal,
  organizationNo: number,
  groupNo: number,
): Promise<ScopedGroup> {
  return requireGroup(
    db,
    principal,
    await requireOrganization(db, principal, organizationNo),
    groupNo,
  );
}

/** The organization, or one of its groups when the caller names one. */
async function requireOrganizationOrGroup(
  db: Kysely<DB>,
  principal: Principal,
  organizationNo: number,
  groupNo: number | undefined,
): Promise<[ScopedOrganization, ScopedGroup | undefined]> {
  const organization = await requireOrganization(db, principal, organizationNo);
  if (groupNo === undefined) return [organization, undefined];
  return [organization, await requireGroup(db, principal, organization, groupNo)];
}

export const listGroups = scopedReadOfOrganization(listBenefitGroups);

export async function getGroup(
  db: Kysely<DB>,
  principal: Principal,
  organizationNo: number,
  groupNo: number,
): Promise<BenefitGroup> {
  return (await requireGroupOf(db, principal, organizationNo, groupNo)).group;
}

export async function listDivisions(
  db: Kysely<DB>,
  principal: Principal,
  organizationNo: number,
  groupNo: number,
): Promise<{ data: Division[]; totalCount: number }> {
  const data = await repo.listDivisions(
    db,
    await requireGroupOf(db, principal, organizationNo, groupNo),
  );
  return { data, totalCount: data.length };
}

export async function listFees(
  db: Kysely<DB>,
  principal: Principal,
  organizationNo: number,
  groupNo: number | undefined,
): Promise<FeeList> {
  const [organization, group] = await requireOrganizationOrGroup(
    db,
    principal,
    organizationNo,
    groupNo,
  );
  return { planFees: await repo.listFees(db, principal, organization, group) };
}

export async function listIncentivePrograms(
  db: Kysely<DB>,
  principal: Principal,
  organizationNo: number,
  groupNo: number | undefined,
): Promise<{ data: GroupIncentivePrograms[] }> {
  const [organization, group] = await requireOrganizationOrGroup(
    db,
    principal,
    organizationNo,
    groupNo,
  );
  return { data: await repo.listIncentivePrograms(db, principal, organization, group) };
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
  const scoped = await requireInvoice(db, principal, organizationNo, invoiceNo);
  const { invoice } = scoped;
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
    query.type === 'Invoice' ? repo.invoiceLines(db, scoped) : [],
    query.type === 'Summary' ? repo.claimSummary(db, principal, scoped) : [],
    query.type === 'Detail' || query.type === 'InvoiceClaimExtract'
      ? repo.claimDetail(db, principal, scoped)
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
  const organization = await requireOrganization(db, principal, organizationNo);
  const location = await repo.findLocation(db, organization, locationNo);
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
  const organization = await requireOrganization(db, principal, organizationNo);
  return { data: await authBenefitGroupsOf(db, principal, organization) };
}
