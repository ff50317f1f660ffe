import { sql, type Kysely } from 'kysely';
import type { ClaimSortField, Page, PharmacyClaim, SortSpec } from '@pillar/domain';
import type { DB } from '../../database.ts';
import { fetchPage } from '../../platform/http/paging.ts';
import type { ScopedEmployee } from '../members/index.ts';

/*
 * The claims module's SQL. Every read of one member's claims takes the member's handle
 * (requireEmployee, decision 0095), so the scope was checked before a claim is read.
 */

export interface ClaimsPaging {
  limit: number;
  offset: number;
  sort?: SortSpec<ClaimSortField> | undefined;
  dependentNo?: number | undefined;
}

/** A page of the member's claims: the employee's own, or one dependent's. */
export function listMemberClaims(
  db: Kysely<DB>,
  member: ScopedEmployee,
  paging: ClaimsPaging,
): Promise<Page<PharmacyClaim>> {
  let q = db
    .selectFrom('pharmacy_claim as c')
    .select([
      'c.claim_no',
      'c.fill_date',
      'c.rx_number',
      'c.drug_name',
      'c.ndc',
      'c.quantity',
      'c.days_supply',
      'c.pharmacy_name',
      'c.pharmacy_npi',
      'c.channel',
      'c.brand_generic',
      'c.status',
      'c.member_paid',
      'c.plan_paid',
      'c.pbm_claim_reference',
    ])
    .where('c.employee_no', '=', member.employeeNo)
    .where('c.organization_no', '=', member.organizationNo);
  q =
    paging.dependentNo === undefined
      ? q.where('c.dependent_no', 'is', null)
      : q.where('c.dependent_no', '=', paging.dependentNo);
  return fetchPage(q, paging, {
    sortColumns: {
      fillDate: sql`c.fill_date`,
      rxNumber: sql`c.rx_number`,
      drugName: sql`lower(c.drug_name)`,
      ndc: sql`c.ndc`,
      quantity: sql`c.quantity`,
      daysSupply: sql`c.days_supply`,
      pharmacyName: sql`lower(c.pharmacy_name)`,
      channel: sql`c.channel`,
      brandGeneric: sql`c.brand_generic`,
      status: sql`c.status`,
      memberPaid: sql`c.member_paid`,
      planPaid: sql`c.plan_paid`,
    },
    defaultSort: { field: 'fillDate', direction: 'desc' },
    tieBreaker: sql`c.claim_no`,
    map: (r) => ({
      claimNo: r.claim_no,
      fillDate: r.fill_date,
      rxNumber: r.rx_number,
      drugName: r.drug_name,
      ndc: r.ndc,
      quantity: Number(r.quantity),
      daysSupply: r.days_supply,
      pharmacyName: r.pharmacy_name,
      pharmacyNpi: r.pharmacy_npi,
      channel: r.channel,
      brandGeneric: r.brand_generic,
      status: r.status,
      memberPaid: String(r.member_paid),
      planPaid: String(r.plan_paid),
      pbmClaimReference: r.pbm_claim_reference,
    }),
  });
}

export interface OrganizationPbmRow {
  pbm: string;
  product: string | null;
  claims_url: string;
}

/** The PBMs of the (checked) member's organization. */
export function organizationPbms(
  db: Kysely<DB>,
  member: ScopedEmployee,
): Promise<OrganizationPbmRow[]> {
  return db
    .selectFrom('organization_pbm')
    .select(['pbm', 'product', 'claims_url'])
    .where('organization_no', '=', member.organizationNo)
    .execute();
}
