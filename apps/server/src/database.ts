/**
 * The composition of the database type: the platform's tables plus each module's, one Kysely
 * type for the whole server. The only file outside a module that may import a module's
 * `*.tables.ts` (decision 0092); modules and integrations import `DB` from here.
 */
import type { ClinicalTables } from './modules/clinical/clinical.tables.ts';
import type { ClaimsTables } from './modules/claims/claims.tables.ts';
import type { CrmTables } from './integrations/crm/crm.tables.ts';
import type { EvaluateTables } from './modules/evaluate/evaluate.tables.ts';
import type { IncumbentTables } from './modules/evaluate/incumbent-parts.tables.ts';
import type { ClaimsShareTables } from './modules/evaluate/claims-shares.tables.ts';
import type { DrugReferenceTables } from './modules/drug-reference/drug-reference.tables.ts';
import type { CoverageTables } from './modules/coverages/coverages.tables.ts';
import type { FileTables } from './modules/files/files.tables.ts';
import type { IssueTables } from './modules/issues/issues.tables.ts';
import type { MemberPreferenceTables } from './modules/member-preferences/member-preferences.tables.ts';
import type { MemberTables } from './modules/members/members.tables.ts';
import type { OrganizationWorkspaceTables } from './modules/organization-workspace/workspace.tables.ts';
import type { OrganizationTables } from './modules/organizations/organizations.tables.ts';
import type { PlanInfoTables } from './modules/plan-info/plan-info.tables.ts';
import type { PriorAuthTables } from './modules/prior-auth/prior-auth.tables.ts';
import type { UserAdminTables } from './modules/users/users.tables.ts';
import type { ImportSchemaTables } from './modules/import-schemas/import-schemas.tables.ts';
import type { SampleFileTables } from './modules/data-mapping/sample-files.tables.ts';
import type { TransformationTables } from './modules/data-mapping/transformations.tables.ts';
import type { DataMappingTables } from './modules/data-mapping/templates.tables.ts';
import type { ClaimsFileTables } from './modules/claims-files/claims-files.tables.ts';
import type { PricingTables } from './modules/pricing/pricing.tables.ts';
import type { RateCardTables } from './modules/rate-cards/rate-cards.tables.ts';
import type { EligibilityExportTables } from './modules/eligibility-exports/eligibility-exports.tables.ts';

declare module './platform/db/schema.ts' {
  interface DB
    extends
      OrganizationTables,
      OrganizationWorkspaceTables,
      MemberTables,
      MemberPreferenceTables,
      CoverageTables,
      UserAdminTables,
      PriorAuthTables,
      FileTables,
      ClaimsTables,
      DrugReferenceTables,
      ClinicalTables,
      PlanInfoTables,
      IssueTables,
      CrmTables,
      EvaluateTables,
      IncumbentTables,
      ClaimsShareTables,
      TransformationTables,
      ImportSchemaTables,
      SampleFileTables,
      ClaimsFileTables,
      PricingTables,
      RateCardTables,
      DataMappingTables,
      EligibilityExportTables {}
}

export type { DB } from './platform/db/schema.ts';
