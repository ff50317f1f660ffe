import type { Generated } from 'kysely';
import type { Audit } from '../../platform/db/schema.ts';

/** Tables of the organizations module: the organization, its contacts and its benefit groups. */
export interface OrganizationTables {
  organization: OrganizationTable;
  organization_contact: OrganizationContactTable;
  benefit_group: BenefitGroupTable;
}

export interface OrganizationTable extends Audit {
  organization_no: Generated<number>;
  name: string;
  type: string;
  process_status: number;
  effective_date: string;
  expiration_date: string | null;
  original_effective_date: string;
  use_cob: boolean;
  supports_divisions: boolean;
  supports_client_defined_data: boolean;
  supports_dependent_alternate_group: boolean;
  supports_different_dependent_address: boolean;
  require_address: boolean;
  require_dependent_ssn: boolean;
  default_dependent_ssn: boolean;
  generate_employee_ssn: boolean;
  client_id_minimum_length: number | null;
  client_id_maximum_length: number | null;
  pad_client_id_with_leading_zeros: boolean;
  ltrim_client_id: boolean;
  rtrim_client_id: boolean;
}

export type ContactKind =
  'eligibility' | 'maintenance' | 'invoice' | 'eligibilityVendor' | 'medicalVendor';

export interface OrganizationContactTable extends Audit {
  organization_no: number;
  kind: ContactKind;
  name: string | null;
  phone: string | null;
  email: string | null;
}

export interface BenefitGroupTable extends Audit {
  benefit_group_no: Generated<number>;
  organization_no: number;
  benefit_group_id: string;
  name: string;
  process_status: number;
  effective_date: string;
  expiration_date: string | null;
  dependent_alternate_group_number: string | null;
}
