import { PERMISSIONS as P, type Permission } from './permissions.ts';
import type { UserTypeCode } from './codes.ts';

/**
 * Role groups as the user forms show them (spec 2 §3), and the roles inside each group with
 * their default permissions. The database seeds its role table from this list; it is the single
 * source of truth for what a role grants.
 */
export const ROLE_GROUPS = {
  internal: [
    { key: 'developer', label: 'Developer' },
    { key: 'accountManagement', label: 'Account Management' },
    { key: 'agentDesktop', label: 'Agent Desktop' },
    { key: 'itHelpDesk', label: 'IT Help Desk' },
    { key: 'financials', label: 'Financials' },
    { key: 'keystone', label: 'Keystone' },
    { key: 'dataMapping', label: 'Data Mapping' },
  ],
  client: [
    { key: 'userManagement', label: 'User Management' },
    { key: 'manageEligibility', label: 'Manage Eligibility' },
    { key: 'files', label: 'Files (download only)' },
    { key: 'financials', label: 'Financials (download only)' },
  ],
  broker: [
    { key: 'userManagement', label: 'User Management' },
    { key: 'manageEligibility', label: 'Manage Eligibility' },
    { key: 'files', label: 'Files (download only)' },
    { key: 'financials', label: 'Financials (download only)' },
  ],
} as const;

export type RoleUserType = keyof typeof ROLE_GROUPS;

export interface RoleDefinition {
  /** Stable id, also the primary key of the role table. */
  id: number;
  key: string;
  name: string;
  userType: RoleUserType;
  /** Key of the role group inside its user type. */
  groupKey: string;
  /** Only holders of authorization-edit-protected-roles may grant it. */
  protected: boolean;
  /** Hidden from user forms unless the viewer holds this permission. */
  hiddenWithout?: Permission;
  description: string;
  permissions: readonly Permission[];
}

const FINANCIAL_VIEW: readonly Permission[] = [
  P.viewFinancialInvoice,
  P.viewFinancialClaimDetail,
  P.viewFinancialClaimSummary,
];
const FINANCIAL_DOWNLOAD: readonly Permission[] = [
  P.downloadFinancialInvoice,
  P.downloadFinancialClaimDetail,
  P.downloadFinancialClaimSummary,
  P.downloadFinancialInvoiceClaimExport,
];
const MEMBER_READ: readonly Permission[] = [P.viewOrganizations, P.viewMember];
const MEMBER_WRITE: readonly Permission[] = [...MEMBER_READ, P.editMember, P.viewSsn];
const FILES_RECEIVE: readonly Permission[] = [P.viewFiles, P.uploadFiles];
const FILES_ALL: readonly Permission[] = [P.viewFiles, P.uploadFiles, P.deleteFiles];
const USER_ADMIN: readonly Permission[] = [
  P.viewUsers,
  P.addUsers,
  P.editUsers,
  P.authorizationViewOrgs,
];

export const ROLE_DEFINITIONS: readonly RoleDefinition[] = [
  // Internal
  {
    id: 1,
    key: 'developer',
    name: 'Developer',
    userType: 'internal',
    groupKey: 'developer',
    protected: true,
    hiddenWithout: P.manageDeveloperRoles,
    description: 'Every permission, for the people who build and run Pillar.',
    permissions: Object.values(P),
  },
  {
    id: 2,
    key: 'accountManager',
    name: 'Account Manager',
    userType: 'internal',
    groupKey: 'accountManagement',
    protected: false,
    description: 'Keeps client organizations, members and users right.',
    permissions: [
      ...MEMBER_WRITE,
      ...FILES_ALL,
      ...FINANCIAL_VIEW,
      ...FINANCIAL_DOWNLOAD,
      ...USER_ADMIN,
      P.importDatanetUser,
      P.eligibilityImportView,
      P.appMyplanDev,
    ],
  },
  {
    id: 3,
    key: 'accountManagementAdmin',
    name: 'Account Management Admin',
    userType: 'internal',
    groupKey: 'accountManagement',
    protected: true,
    description: 'Account management, plus protected roles, role review and feature flags.',
    permissions: [
      ...MEMBER_WRITE,
      ...FILES_ALL,
      ...FINANCIAL_VIEW,
      ...FINANCIAL_DOWNLOAD,
      ...USER_ADMIN,
      P.importDatanetUser,
      P.eligibilityImportView,
      P.appMyplanDev,
      P.editProtectedRoles,
      P.viewRoles,
      P.viewFeatureFlags,
    ],
  },
  {
    id: 4,
    key: 'agent',
    name: 'Agent',
    userType: 'internal',
    groupKey: 'agentDesktop',
    protected: false,
    description: 'Answers member calls from the agent desktop.',
    permissions: [P.appAgent, P.agentViewMember, P.agentRecordNotes, P.agentManagePreferences],
  },
  {
    id: 5,
    key: 'agentSupervisor',
    name: 'Agent Supervisor',
    userType: 'internal',
    groupKey: 'agentDesktop',
    protected: false,
    description: 'Agent desktop, plus member-portal unlocks.',
    permissions: [
      P.appAgent,
      P.agentViewMember,
      P.agentRecordNotes,
      P.agentManagePreferences,
      P.agentUnlockMemberPortal,
    ],
  },
  {
    id: 6,
    key: 'itHelpDesk',
    name: 'IT Help Desk',
    userType: 'internal',
    groupKey: 'itHelpDesk',
    protected: false,
    description: 'Helps users sign in: views users and organizations, unlocks portal accounts.',
    permissions: [
      P.viewUsers,
      P.editUsers,
      P.authorizationViewOrgs,
      P.viewOrganizations,
      P.agentUnlockMemberPortal,
    ],
  },
  {
    id: 7,
    key: 'financialAnalyst',
    name: 'Financial Analyst',
    userType: 'internal',
    groupKey: 'financials',
    protected: false,
    description: 'Invoices and claims, and prospect evaluation.',
    permissions: [
      P.viewOrganizations,
      ...FINANCIAL_VIEW,
      ...FINANCIAL_DOWNLOAD,
      P.evaluateViewOpportunities,
      P.evaluateDataMapper,
      P.appEvaluateDev,
    ],
  },
  {
    id: 8,
    key: 'keystoneClinician',
    name: 'Keystone Clinician',
    userType: 'internal',
    groupKey: 'keystone',
    protected: false,
    description: 'Protect CDS clinical configuration: conditions and intervention drug lists.',
    permissions: [P.clinicalView, P.clinicalEdit],
  },
  {
    id: 9,
    key: 'keystoneDev',
    name: 'Keystone Dev',
    userType: 'internal',
    groupKey: 'keystone',
    protected: true,
    hiddenWithout: P.appKeystoneDev,
    description: 'Keystone development access.',
    permissions: [P.clinicalView, P.clinicalEdit, P.appKeystoneDev, P.appProtectDev],
  },
  {
    id: 10,
    key: 'dataMappingAnalyst',
    name: 'Data Mapping Analyst',
    userType: 'internal',
    groupKey: 'dataMapping',
    protected: false,
    description: 'Eligibility import schemas, transformations and data mapping.',
    permissions: [
      P.viewOrganizations,
      P.eligibilityImportView,
      P.eligibilityImportCreate,
      P.eligibilityImportEditMine,
      P.eligibilityImportEditAll,
      P.transformationAdmin,
      P.evaluateDataMapper,
      ...FILES_ALL,
    ],
  },
  // Client
  {
    id: 20,
    key: 'clientUserManagement',
    name: 'User Management',
    userType: 'client',
    groupKey: 'userManagement',
    protected: false,
    description: 'Creates and edits client users of the same organizations.',
    permissions: [P.viewOrganizations, P.viewUsers, P.addUsers, P.editUsers],
  },
  {
    id: 21,
    key: 'clientManageEligibility',
    name: 'Manage Eligibility',
    userType: 'client',
    groupKey: 'manageEligibility',
    protected: false,
    description: 'Views and edits members and dependents, SSNs included.',
    permissions: MEMBER_WRITE,
  },
  {
    id: 22,
    key: 'clientFiles',
    name: 'Files',
    userType: 'client',
    groupKey: 'files',
    protected: false,
    description: 'Receives files, PHI files included, and sends files back.',
    permissions: FILES_RECEIVE,
  },
  {
    id: 23,
    key: 'clientFinancials',
    name: 'Financials',
    userType: 'client',
    groupKey: 'financials',
    protected: false,
    description: 'Views and downloads invoices and claim reports.',
    permissions: [P.viewOrganizations, ...FINANCIAL_VIEW, ...FINANCIAL_DOWNLOAD],
  },
  {
    id: 24,
    key: 'clientViewEligibility',
    name: 'View Eligibility',
    userType: 'client',
    groupKey: 'manageEligibility',
    protected: false,
    description: 'Views members and dependents; SSNs stay masked.',
    permissions: MEMBER_READ,
  },
  // Broker
  {
    id: 30,
    key: 'brokerUserManagement',
    name: 'User Management',
    userType: 'broker',
    groupKey: 'userManagement',
    protected: false,
    description: 'Creates and edits broker users of the same organizations.',
    permissions: [P.viewOrganizations, P.viewUsers, P.addUsers, P.editUsers],
  },
  {
    id: 31,
    key: 'brokerManageEligibility',
    name: 'Manage Eligibility',
    userType: 'broker',
    groupKey: 'manageEligibility',
    protected: false,
    description: 'Views and edits members and dependents, SSNs included.',
    permissions: MEMBER_WRITE,
  },
  {
    id: 32,
    key: 'brokerFiles',
    name: 'Files',
    userType: 'broker',
    groupKey: 'files',
    protected: false,
    description: 'Receives files, PHI files included, and sends files back.',
    permissions: FILES_RECEIVE,
  },
  {
    id: 33,
    key: 'brokerFinancials',
    name: 'Financials',
    userType: 'broker',
    groupKey: 'financials',
    protected: false,
    description: 'Views and downloads invoices and claim reports.',
    permissions: [P.viewOrganizations, ...FINANCIAL_VIEW, ...FINANCIAL_DOWNLOAD],
  },
  {
    id: 34,
    key: 'brokerViewEligibility',
    name: 'View Eligibility',
    userType: 'broker',
    groupKey: 'manageEligibility',
    protected: false,
    description: 'Views members and dependents; SSNs stay masked.',
    permissions: MEMBER_READ,
  },
];

export const ROLE_USER_TYPE_CODE: Record<RoleUserType, UserTypeCode> = {
  internal: 'i',
  client: 'c',
  broker: 'b',
};

export function findRole(key: string): RoleDefinition | undefined {
  return ROLE_DEFINITIONS.find((r) => r.key === key);
}

/** The union of the permissions granted by a list of role keys. */
export function permissionsOfRoles(keys: readonly string[]): Permission[] {
  const set = new Set<Permission>();
  for (const key of keys) for (const p of findRole(key)?.permissions ?? []) set.add(p);
  return [...set].sort();
}
