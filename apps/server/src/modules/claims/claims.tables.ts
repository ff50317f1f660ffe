import type { Generated } from 'kysely';
import type { Audit } from '../../platform/db/schema.ts';

/*
 * Row types of the claims module's tables (migration 0010-claims; its `drug` table belongs to
 * the drug-reference module since migration 0015, decision 0106). Dates are 'YYYY-MM-DD'
 * strings; numeric columns come back as decimal strings.
 */

export interface OrganizationPbmTable extends Audit {
  organization_pbm_no: Generated<number>;
  organization_no: number;
  pbm: string;
  /** The plan's product name, for an Agadia entry ('{product} - Agadia'). */
  product: string | null;
  claims_url: string;
}

export interface PharmacyClaimTable extends Audit {
  claim_no: Generated<number>;
  organization_no: number;
  employee_no: number;
  dependent_no: number | null;
  fill_date: string;
  rx_number: string;
  ndc: string;
  drug_name: string;
  quantity: string | number;
  days_supply: number;
  pharmacy_name: string;
  pharmacy_npi: string;
  channel: 'retail' | 'mail' | 'specialty';
  brand_generic: 'brand' | 'generic';
  status: 'paid' | 'reversed' | 'rejected';
  member_paid: string | number;
  plan_paid: string | number;
  pbm_claim_reference: string;
}

export interface ClaimsTables {
  organization_pbm: OrganizationPbmTable;
  pharmacy_claim: PharmacyClaimTable;
}
