/**
 * Every permission key the product knows. Keys named by the specifications keep their names;
 * where a specification says a key exists but does not name it ("not shown"), the name chosen
 * here is recorded in docs/decisions/0003-permission-names.md.
 */
export const PERMISSIONS = {
  // Organizations (spec 1 §6, spec 2 §6)
  viewOrganizations: 'portal-view-organizations',
  authorizationViewOrgs: 'authorization-view-orgs',
  // Members (spec 1 §6)
  viewMember: 'portal-view-member',
  editMember: 'portal-edit-member',
  viewSsn: 'portal-view-ssn', // named by us: spec 1 §6 "not shown"
  // Files (spec 1 §6, spec 3 §6)
  viewFiles: 'portal-view-files',
  uploadFiles: 'portal-upload-files',
  deleteFiles: 'portal-delete-files',
  // Financials (spec 1 §6)
  viewFinancialInvoice: 'portal-view-financial-invoice',
  downloadFinancialInvoice: 'portal-download-financial-invoice',
  viewFinancialClaimDetail: 'portal-view-financial-claim-detail',
  downloadFinancialClaimDetail: 'portal-download-financial-claim-detail',
  viewFinancialClaimSummary: 'portal-view-financial-claim-summary',
  downloadFinancialClaimSummary: 'portal-download-financial-claim-summary',
  downloadFinancialInvoiceClaimExport: 'portal-download-financial-invoice-claim-export',
  // User administration (spec 2 §6)
  viewUsers: 'authorization-view-users',
  addUsers: 'authorization-add-users',
  editUsers: 'authorization-edit-users', // named by us
  editProtectedRoles: 'authorization-edit-protected-roles',
  importDatanetUser: 'authorization-import-datanet-user',
  viewRoles: 'authorization-view-roles', // named by us
  manageDeveloperRoles: 'authorization-manage-developer-roles', // named by us
  viewFeatureFlags: 'authorization-view-feature-flags', // named by us
  // Eligibility imports and data mapping (spec 3 §6)
  eligibilityImportView: 'portal-ei-view',
  eligibilityImportCreate: 'portal-ei-create',
  eligibilityImportEditMine: 'portal-ei-edit-mine',
  eligibilityImportEditAll: 'portal-ei-edit-all',
  transformationAdmin: 'portal-data-mapping-transformation-admin-access',
  // Evaluate (spec 3 §6)
  evaluateViewOpportunities: 'eval-view-opp',
  evaluateDataMapper: 'eval-data-mapper', // named by us: spec 3 "not named"
  // Agent desktop (spec 2 §6: "one permission from a set of three (names not shown) or one other")
  agentViewMember: 'agent-view-member', // named by us
  agentRecordNotes: 'agent-record-notes', // named by us
  agentManagePreferences: 'agent-manage-preferences', // named by us
  agentUnlockMemberPortal: 'agent-unlock-member-portal', // named by us
  // Protect CDS clinical configuration (spec 2; names not shown)
  clinicalView: 'protect-cds-view', // named by us
  clinicalEdit: 'protect-cds-edit', // named by us
  // Application access (spec 2 §6)
  appKeystoneDev: 'keystone-dev',
  appMyplanDev: 'myplan-dev',
  appEvaluateDev: 'evaluate-dev',
  appAgentDev: 'agent-dev',
  appProtectDev: 'protect-dev',
  appAgent: 'agent',
} as const;

export type PermissionName = keyof typeof PERMISSIONS;
export type Permission = (typeof PERMISSIONS)[PermissionName];

export const ALL_PERMISSIONS: readonly Permission[] = Object.values(PERMISSIONS);

/** The agent area opens with any one of these (spec 2 §6). */
export const AGENT_ACCESS: readonly Permission[] = [
  PERMISSIONS.agentViewMember,
  PERMISSIONS.agentRecordNotes,
  PERMISSIONS.agentManagePreferences,
  PERMISSIONS.appAgent,
];

/**
 * Who reads one member's record, coverages and history: the member viewers of spec 1 and the
 * agents (docs/decisions/0097-agent-access.md). Writes to the record stay with portal-edit-member.
 */
export const MEMBER_READERS: readonly Permission[] = [
  PERMISSIONS.viewMember,
  PERMISSIONS.agentViewMember,
];

/**
 * Who sends a member's ID cards outside the portal (an e-mailed temp card link, a new card
 * request): member editors, and agents, whose job on the phone it is (decision 0097).
 */
export const MEMBER_CARD_SENDERS: readonly Permission[] = [
  PERMISSIONS.editMember,
  PERMISSIONS.agentViewMember,
];

/** Holding any of these counts as broad (test) access (spec 2 §6). */
export const BROAD_ACCESS: readonly Permission[] = [
  PERMISSIONS.appAgentDev,
  PERMISSIONS.appEvaluateDev,
  PERMISSIONS.appKeystoneDev,
  PERMISSIONS.appMyplanDev,
];

/** A route or a screen asks for all of a list, or any one of it. */
export type PermissionRule = { allOf: readonly Permission[] } | { anyOf: readonly Permission[] };

export function hasAll(held: Iterable<string>, needed: readonly string[]): boolean {
  const set = held instanceof Set ? (held as Set<string>) : new Set(held);
  return needed.every((p) => set.has(p));
}

export function hasAny(held: Iterable<string>, needed: readonly string[]): boolean {
  const set = held instanceof Set ? (held as Set<string>) : new Set(held);
  return needed.some((p) => set.has(p));
}

export function satisfiesRule(held: Iterable<string>, rule: PermissionRule): boolean {
  return 'allOf' in rule ? hasAll(held, rule.allOf) : hasAny(held, rule.anyOf);
}
