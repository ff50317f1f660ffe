import { AGENT_ACCESS, PERMISSIONS as P, type PermissionRule } from '@pillar/domain';
import { type UserAccess } from '../../shared/permissions/user-access.ts';

/** What an access check may look at besides permissions. */
export interface AccessContext {
  access: UserAccess;
  /** The 'Show Roles Page' feature flag of the signed-in user. */
  showRolesPage: boolean;
  /** An external user with at least one live claims share (decision 0144); unknown: undefined. */
  hasClaimsShares?: boolean;
}

export type AccessCheck = (context: AccessContext) => boolean;

const all =
  (...permissions: string[]): AccessCheck =>
  ({ access }) =>
    access.can({ allOf: permissions } as PermissionRule);
const any =
  (permissions: readonly string[]): AccessCheck =>
  ({ access }) =>
    access.can({ anyOf: permissions } as PermissionRule);

const evaluate: AccessCheck = (context) =>
  context.access.isSuperAdmin && all(P.evaluateViewOpportunities)(context);

/**
 * One gate per area, shared by the side navigation and the routes so a menu item is shown
 * exactly when its page would open (spec 2 §2 "Side navigation", spec 3 §6).
 */
export const AREA_ACCESS = {
  everyone: () => true,
  organizations: all(P.viewOrganizations),
  members: all(P.viewMember),
  files: all(P.viewFiles),
  featureFlags: all(P.viewFeatureFlags),
  users: all(P.viewUsers),
  createUser: all(P.addUsers),
  importUser: all(P.importDatanetUser),
  roles: (context) => all(P.viewRoles)(context) && context.showRolesPage,
  agent: any(AGENT_ACCESS),
  evaluate,
  evaluateDataMapper: (context) => evaluate(context) && all(P.evaluateDataMapper)(context),
  clinical: all(P.clinicalView),
  eligibilityImports: all(P.eligibilityImportView),
  createImportSchema: all(P.eligibilityImportView, P.eligibilityImportCreate),
  editImportSchema: (context) =>
    all(P.eligibilityImportView)(context) &&
    any([P.eligibilityImportEditAll, P.eligibilityImportEditMine])(context),
  transformations: all(P.transformationAdmin),
  /** Shared claims workflows (decision 0144): external users; the server scopes each share. */
  sharedClaims: ({ access }) => !access.isInternal,
  sharedClaimsMenu: (context) => !context.access.isInternal && context.hasClaimsShares === true,
} satisfies Record<string, AccessCheck>;

export type Area = keyof typeof AREA_ACCESS;
