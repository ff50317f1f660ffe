import type { Generated } from 'kysely';
import type { Audit, Timestamp } from '../../platform/db/schema.ts';

/*
 * Row types of the coverage and ID card tables (migration 0007-coverages-id-cards). Dates are
 * 'YYYY-MM-DD' strings.
 */

export interface CoverageTable extends Audit {
  coverage_no: Generated<number>;
  employee_no: number;
  organization_no: number;
  group_id: string;
  name: string;
  alternate_id: string | null;
  hdhp: Generated<boolean>;
  /** The vendor (PBM) group number. */
  group_number: string | null;
  contract_number: string | null;
  effective_date: string;
  expiration_date: string | null;
  supports_temp_card: Generated<boolean>;
  supports_new_card_request: Generated<boolean>;
  rx_bin: string;
  rx_pcn: string;
  rx_grp: string;
  customer_service_phone: string;
  help_desk_phone: string;
}

export interface CoverageNewCardRequestTable extends Audit {
  request_no: Generated<number>;
  coverage_no: number;
  employee_no: number;
  requested_at: Generated<Date>;
  requested_by: number | null;
}

export interface TempCardLinkTable extends Audit {
  link_no: Generated<number>;
  /** SHA-256 (hex) of the token in the e-mailed link; the token itself is never stored. */
  token_hash: string;
  employee_no: number;
  coverage_no: number;
  organization_no: number;
  recipient_email: string;
  expires_at: Timestamp;
  failed_attempts: Generated<number>;
  used_at: Timestamp | null;
  locked_at: Timestamp | null;
}

export interface TempCardVerifyFailureTable {
  failure_no: Generated<number>;
  client_ip: string;
  link_no: number | null;
  at: Generated<Date>;
}

export interface CoverageTables {
  coverage: CoverageTable;
  coverage_new_card_request: CoverageNewCardRequestTable;
  temp_card_link: TempCardLinkTable;
  temp_card_verify_failure: TempCardVerifyFailureTable;
}
