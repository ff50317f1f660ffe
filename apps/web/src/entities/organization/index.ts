/*
 * The organization entity's public surface: features and other entities import only this file.
 * Its calls go through the organizations and organization-workspace route contracts; its query
 * keys all start at organizationKeys.all.
 */
export { organizationKeys } from './query-keys.ts';
export {
  getOrganization,
  organizationQueryOptions,
  useOrganization,
  useOrganizationName,
} from './api/get-organization.ts';
export {
  searchOrganizations,
  searchOrganizationsQueryOptions,
  useSearchOrganizations,
  type OrganizationSearch,
} from './api/search-organizations.ts';
export {
  ORGANIZATION_PREVIEW_SIZE,
  getOrganizationPreview,
  organizationPreviewQueryOptions,
  useOrganizationPreview,
} from './api/get-organization-preview.ts';
export {
  agentOrganizationPagesQueryOptions,
  agentOrganizationQueryOptions,
  getAgentOrganization,
  listAgentOrganizations,
  useAgentOrganization,
  useAgentOrganizationPages,
} from './api/agent-organizations.ts';
/** The agent desktop's organization picker (Find Member): pages of 100, debounced name search. */
export { AgentOrganizationSelect } from './ui/agent-organization-select.tsx';
/** A search form's organization select (members, imports): debounced name search, value as text. */
export { OrganizationSelect, type OrganizationSelectProps } from './ui/organization-select.tsx';
export {
  organizationOptionsQueryOptions,
  searchOrganizationOptions,
  useOrganizationOptions,
} from './api/organization-options.ts';
export {
  GROUP_STATUS_FILTERS,
  benefitPackagesQueryOptions,
  divisionsQueryOptions,
  groupStatusFilterOf,
  incentiveProgramsQueryOptions,
  memberGroupOptionsQueryOptions,
  useBenefitPackages,
  useDivisions,
  useGroupIncentivePrograms,
  useMemberGroupOptions,
  type GroupStatusFilter,
} from './api/member-form-options.ts';
export { groupsQueryOptions, listGroups, useGroups, type GroupSearch } from './api/list-groups.ts';
export { getGroup, groupQueryOptions, useGroup } from './api/get-group.ts';
export { groupFeesQueryOptions, listGroupFees, useGroupFees } from './api/list-group-fees.ts';
export {
  invoiceConfigsQueryOptions,
  listInvoiceConfigs,
  useInvoiceConfigs,
} from './api/list-invoice-configs.ts';
export {
  invoicesQueryOptions,
  listInvoices,
  useInvoices,
  type InvoiceSearch,
} from './api/list-invoices.ts';
export {
  downloadInvoiceReport,
  useDownloadInvoiceReport,
  type InvoiceReportRequest,
} from './api/download-invoice-report.ts';
export { listLocations, locationsQueryOptions, useLocations } from './api/list-locations.ts';
export {
  listMeddSubsidies,
  meddSubsidiesQueryOptions,
  useMeddSubsidies,
} from './api/list-medd-subsidies.ts';
export {
  listOrganizationUsers,
  organizationUsersQueryOptions,
  type OrganizationUserSearch,
} from './api/list-organization-users.ts';
export { listPlans, plansQueryOptions, type PlanSearch } from './api/list-plans.ts';
