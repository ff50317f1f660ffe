import { z } from 'zod';
import { isoDate } from './dates.ts';
import { pageSchema, pagingQuery } from './paging.ts';
import { PERMISSIONS as P, type Permission } from './permissions.ts';
import { ROLE_GROUPS, type RoleDefinition, type RoleUserType } from './roles.ts';
import type { UserTypeCode } from './codes.ts';
import {
  emailSchema,
  firstNameSchema,
  INT4_MAX,
  int4Id,
  int4IdValue,
  lastNameSchema,
  phoneSchema,
} from './validation.ts';

/**
 * User administration (spec 2 §3–§8): users, their roles and organization grants, DataNet
 * imports, the profile, feature flags, member-portal unlocks and the session notices.
 */

/** The user types as the user forms and payloads name them (spec 2 §3). */
export const USER_TYPE_NAMES = ['internal', 'client', 'broker'] as const;
export type UserTypeName = (typeof USER_TYPE_NAMES)[number];

export const USER_TYPE_LABELS: Record<UserTypeName, string> = {
  internal: 'Internal',
  client: 'Client',
  broker: 'Broker',
};

export const USER_TYPE_CODE_OF: Record<UserTypeName, UserTypeCode> = {
  internal: 'i',
  client: 'c',
  broker: 'b',
};

export function userTypeNameOf(code: UserTypeCode): UserTypeName {
  return code === 'i' ? 'internal' : code === 'c' ? 'client' : 'broker';
}

/** The messages of spec 2 §5 and §8, verbatim where the spec gives them. */
export const USER_MESSAGES = {
  roleRequired: 'Please select at least one User Permission',
  /** Spec 2 §5, spelling included. */
  createIncomplete: 'An unexpected error occured, please double check all fields and try again.',
  editMissing: (part: 'selected organizations' | 'user information' | 'user type selection') =>
    `Unable to update the user: missing ${part}.`,
  editUnknown: 'Unable to update the user: something is missing. Check all fields and try again.',
  usernameTaken: 'Username must be unique',
  /** What the web shows for `usernameTaken` (spec 2 §8). */
  emailTaken: 'Email must be unique',
  emailInUse: 'Email in use',
  emailNotFound: 'Email not found',
  notAMemberPortalAccount: (email: string) =>
    `${email} not associated with a Member Portal account`,
  memberUnlocked: (email: string) => `${email} has been unlocked`,
  organizationRequired: 'Select at least one organization',
  groupRequired: 'Select at least one group',
  typeRequired: 'Select a user type',
  importEmailRequired: 'Email is required',
  rxbAdminInternalOnly: 'Only internal users can be RxB administrators.',
  allOrganizationsInternalOnly: 'Only internal users can have access to all organizations.',
  holdsMoreThanEditor: (organization: string) =>
    `This user holds more of ${organization} than you do, so only someone who holds all of it can change them.`,
} as const;

/** "(0/1 required roles)" beside the roles heading until one is chosen (spec 2 §5). */
export function requiredRolesLabel(selected: number): string {
  return `(${Math.min(selected, 1)}/1 required roles)`;
}

export const EXTENSION_MAX = 999_999;

/** Extension is typed as text and sent as an integer (spec 2 §5). */
export function extensionSchema(label = 'Extension') {
  return z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} must be a whole number`)
    .max(EXTENSION_MAX, `${label} must not exceed 6 digits`)
    .meta({ title: label });
}

/** The form's text to the payload's integer: '' is no extension, anything else must be digits. */
export function parseExtension(text: string | null | undefined): number | null | 'invalid' {
  const value = (text ?? '').trim();
  if (!value) return null;
  if (!/^\d{1,6}$/.test(value)) return 'invalid';
  return Number(value);
}

// ---------------------------------------------------------------------------------------------
// Users

export const USER_SORT_FIELDS = ['name', 'username', 'type', 'active'] as const;

/** GET /authorization/v1/users (spec 2 §7: name, username, active, pagination, sort). */
export const userSearchQuery = pagingQuery(USER_SORT_FIELDS).extend({
  name: z.string().trim().max(120, 'name must not exceed 120 characters').optional(),
  username: z.string().trim().max(320, 'username must not exceed 320 characters').optional(),
  active: z
    .enum(['true', 'false'], { error: 'active must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
  type: z.enum(USER_TYPE_NAMES, { error: 'type must be internal, client or broker' }).optional(),
});
export type UserSearchQuery = z.infer<typeof userSearchQuery>;

export const userRole = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The role group's key inside its user type (spec 2 §3). */
  group: z.string(),
  type: z.enum(USER_TYPE_NAMES),
  protected: z.boolean(),
});
export type UserRole = z.infer<typeof userRole>;

export const userListItem = z.object({
  id: z.number().int(),
  userNo: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  username: z.string(),
  type: z.enum(USER_TYPE_NAMES),
  active: z.boolean(),
  roles: z.array(userRole),
});
export type UserListItem = z.infer<typeof userListItem>;
export const userPage = pageSchema(userListItem);

export const benefitGroupOption = z.object({
  id: z.number().int(),
  benefitGroupId: z.string(),
  name: z.string(),
  processStatus: z.number().int(),
});
export type BenefitGroupOption = z.infer<typeof benefitGroupOption>;

export const userOrganizationGrant = z.object({
  id: z.number().int(),
  name: z.string(),
  restrictBenefitGroups: z.boolean(),
  benefitGroups: z.array(benefitGroupOption),
});
export type UserOrganizationGrant = z.infer<typeof userOrganizationGrant>;

/** GET /users/{id}/access (spec 2 §7). */
export const userAccess = z.object({
  rxbAdmin: z.boolean(),
  allOrganizations: z.boolean(),
  roles: z.array(userRole),
  organizations: z.array(userOrganizationGrant),
});
export type UserAccessGrants = z.infer<typeof userAccess>;

/** GET /users/{id}. */
export const userDetail = userListItem.extend({
  phone: z.string().nullable(),
  extension: z.number().int().nullable(),
  ...userAccess.shape,
  /** Whether the user has set a password at the built-in identity provider. */
  hasPassword: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type UserDetail = z.infer<typeof userDetail>;

export const userIdParams = z.object({ id: int4Id('id') });

export const userOrganizationParams = userIdParams.extend({ orgId: int4Id('orgId') });

/** One organization of a create/update payload: all of its groups, or the listed ones. */
export const organizationGrantInput = z.object({
  orgId: int4IdValue('orgId'),
  all: z.boolean({ error: 'all must be true or false' }),
  groups: z.array(int4IdValue('groups')).max(1000).default([]),
});
export type OrganizationGrantInput = z.infer<typeof organizationGrantInput>;

/** Surrounding spaces are dropped before a field's rules run; blank becomes "missing". */
function trimmedText<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    const text = value.trim();
    return text === '' ? null : text;
  }, schema.nullish());
}

/*
 * Missing parts are not schema errors: the spec gives whole-form messages for them (a missing
 * type or organization on create, the missing part on edit), which `userWriteProblem` returns.
 * The schema checks only the shape and format of what is there.
 */
const userWriteShape = {
  firstName: trimmedText(firstNameSchema()),
  lastName: trimmedText(lastNameSchema()),
  phone: trimmedText(phoneSchema()),
  extension: extensionSchema().nullish(),
  type: z.enum(USER_TYPE_NAMES, { error: 'type must be internal, client or broker' }).nullish(),
  /** All organizations and the super-admin flag; internal users only (spec 2 §3). */
  rxbAdmin: z.boolean().default(false),
  /** All organizations without being super admin; internal users only. */
  allOrganizations: z.boolean().default(false),
  active: z.boolean().default(false),
  roles: z.array(int4IdValue('roles')).max(100).default([]),
  organizations: z.array(organizationGrantInput).max(2000).default([]),
};

/** POST /users (spec 2 §3: username on create only). */
export const userCreateInput = z.object({
  username: trimmedText(emailSchema('Email')),
  ...userWriteShape,
});
export type UserCreateInput = z.infer<typeof userCreateInput>;

/** PUT /users/{id}: the same, without username (email is read-only on edit). */
export const userUpdateInput = z.object(userWriteShape);
export type UserUpdateInput = z.infer<typeof userUpdateInput>;

export interface UserWriteProblem {
  detail: string;
  params: Record<string, string>;
}

function isBlankText(value: string | null | undefined): boolean {
  return !value || !value.trim();
}

/**
 * The whole-form checks of spec 2 §5, shared by the form (before submit) and the server: a
 * user type, the user information, organizations, and at least one role. The first missing
 * part decides the message.
 */
export function userWriteProblem(
  input: Partial<UserCreateInput>,
  mode: 'create' | 'edit',
): UserWriteProblem | null {
  const type = input.type ?? null;
  if (!type) {
    return {
      detail:
        mode === 'create'
          ? USER_MESSAGES.createIncomplete
          : USER_MESSAGES.editMissing('user type selection'),
      params: { type: USER_MESSAGES.typeRequired },
    };
  }
  const info: Record<string, string> = {};
  if (isBlankText(input.firstName)) info.firstName = 'First Name is required';
  if (isBlankText(input.lastName)) info.lastName = 'Last Name is required';
  if (mode === 'create' && isBlankText(input.username)) info.username = 'Email is required';
  if (Object.keys(info).length > 0) {
    return {
      detail:
        mode === 'create'
          ? Object.values(info).join('; ')
          : USER_MESSAGES.editMissing('user information'),
      params: info,
    };
  }
  const allAccess = type === 'internal' && (input.rxbAdmin === true || input.allOrganizations);
  const organizations = input.organizations ?? [];
  if (!allAccess && organizations.length === 0) {
    return {
      detail:
        mode === 'create'
          ? USER_MESSAGES.createIncomplete
          : USER_MESSAGES.editMissing('selected organizations'),
      params: { organizations: USER_MESSAGES.organizationRequired },
    };
  }
  const emptyGroups = allAccess ? undefined : organizations.find((o) => !o.all && !o.groups.length);
  if (emptyGroups) {
    return {
      detail:
        mode === 'create'
          ? USER_MESSAGES.createIncomplete
          : USER_MESSAGES.editMissing('selected organizations'),
      params: { [`organizations.${emptyGroups.orgId}.groups`]: USER_MESSAGES.groupRequired },
    };
  }
  if ((input.roles ?? []).length === 0) {
    return {
      detail: USER_MESSAGES.roleRequired,
      params: { roles: USER_MESSAGES.roleRequired },
    };
  }
  return null;
}

/** POST /users and PUT /users/{id} answer the user (spec 2 §7 "response has user"). */
export const userWriteResult = z.object({ user: userDetail });

/** GET /users/{id}/organizations: what the user holds, e.g. the caller's grantable list. */
export const userOrganizationsQuery = z.object({
  name: z.string().trim().max(120, 'name must not exceed 120 characters').optional(),
  activeOnly: z
    .enum(['true', 'false'], { error: 'activeOnly must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(500, 'limit must not exceed 500')
    .default(100),
  offset: z.coerce
    .number({ error: 'offset must be a number' })
    .int('offset must be a whole number')
    .min(0, 'offset must not be negative')
    .default(0),
  /** Organization numbers to include whatever the name filter (the ones already chosen). */
  include: z
    .union([
      z.string().max(10, 'include must be organization numbers'),
      z.array(z.string().max(10, 'include must be organization numbers')).max(100),
    ])
    .transform((v) =>
      (Array.isArray(v) ? v : [v])
        .map(Number)
        .filter((n) => Number.isSafeInteger(n) && n > 0 && n <= INT4_MAX),
    )
    .optional(),
});

export const organizationOption = z.object({
  id: z.number().int(),
  name: z.string(),
  processStatus: z.number().int(),
  /** Open for new users of client and broker type (spec 2 §5 "only active organizations"). */
  active: z.boolean(),
});
export type OrganizationOption = z.infer<typeof organizationOption>;
export const organizationOptionPage = pageSchema(organizationOption).extend({
  /** True when the user holds every organization (an internal user with all access). */
  allOrganizations: z.boolean(),
});

/** GET /users/{id}/organization/{orgId}/benefitgroups. */
export const userBenefitGroups = z.object({
  /** True when the user holds only some groups of the organization. */
  restricted: z.boolean(),
  groups: z.array(benefitGroupOption),
});
export type UserBenefitGroups = z.infer<typeof userBenefitGroups>;

/** One change to a user, as the history keeps it (design.md §4). */
export const userHistoryEntry = z.object({
  id: z.number().int(),
  field: z.string(),
  oldValue: z.string().nullable(),
  newValue: z.string().nullable(),
  changedAt: z.string(),
  changedBy: z.string().nullable(),
});
export type UserHistoryEntry = z.infer<typeof userHistoryEntry>;
export const userHistoryPage = pageSchema(userHistoryEntry);

/** GET /users/{id}/history: a page of changes, newest first. */
export const userHistoryQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
});

// ---------------------------------------------------------------------------------------------
// Organization access: whether an organization is open to new client and broker users

/**
 * "Only active organizations are offered for non-internal types" (spec 2 §5). Active here means
 * not terminated: status 1 or 2 (pending termination still serves members), or 9 with its
 * termination still ahead.
 */
export function isOrganizationOpen(
  processStatus: number,
  expirationDate: string | null,
  today: string,
): boolean {
  if (processStatus === 1 || processStatus === 2) return true;
  return processStatus === 9 && !!expirationDate && expirationDate >= today;
}

// ---------------------------------------------------------------------------------------------
// Roles

/** GET /base-roles/{id}. */
export const roleIdParams = z.object({ id: int4Id('id') });

/** GET /authorization/v1/roles?type=internal&type=client (spec 2 §7, repeated params). */
export const roleListQuery = z.object({
  type: z
    .union([z.enum(USER_TYPE_NAMES), z.array(z.enum(USER_TYPE_NAMES))], {
      error: 'type must be internal, client or broker',
    })
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .optional(),
});

export const roleOption = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.enum(USER_TYPE_NAMES),
  group: z.string(),
  groupLabel: z.string(),
  protected: z.boolean(),
  /** False when the caller may not give it: protected, or it grants what the caller lacks. */
  grantable: z.boolean(),
  /** Why it is not grantable, for the form's tooltip. */
  reason: z.string().nullable(),
});
export type RoleOption = z.infer<typeof roleOption>;
export const roleOptionList = z.object({ data: z.array(roleOption) });

/** The permission groups of the roles drawer (spec 2 §3), with our permissions placed in them. */
export const ROLE_PERMISSION_GROUPS: readonly {
  name: string;
  permissions: readonly { id: Permission; name: string }[];
}[] = [
  {
    name: 'Manage User',
    permissions: [
      { id: P.viewUsers, name: 'View users' },
      { id: P.addUsers, name: 'Create users' },
      { id: P.editUsers, name: 'Edit users' },
      { id: P.editProtectedRoles, name: 'Grant protected roles' },
      { id: P.importDatanetUser, name: 'Import DataNet users' },
      { id: P.manageDeveloperRoles, name: 'Grant developer roles' },
      { id: P.viewRoles, name: 'View roles' },
      { id: P.viewFeatureFlags, name: 'Feature flags' },
    ],
  },
  {
    name: 'Manage Member',
    permissions: [
      { id: P.viewMember, name: 'View members' },
      { id: P.editMember, name: 'Edit members' },
      { id: P.viewSsn, name: 'View SSNs' },
      { id: P.agentManagePreferences, name: 'Manage communication preferences' },
      { id: P.agentUnlockMemberPortal, name: 'Unlock member portal accounts' },
    ],
  },
  {
    name: 'Prior Authorization',
    permissions: [{ id: P.agentViewMember, name: 'View coverage and prior authorizations' }],
  },
  {
    name: 'Member Issues',
    permissions: [{ id: P.agentRecordNotes, name: 'Record call notes (issues)' }],
  },
  {
    name: 'Secure File Delivery',
    permissions: [
      { id: P.viewFiles, name: 'View and download files' },
      { id: P.uploadFiles, name: 'Upload files' },
      { id: P.deleteFiles, name: 'Delete files' },
    ],
  },
  {
    name: 'Invoice/Billing',
    permissions: [
      { id: P.viewFinancialInvoice, name: 'View invoices' },
      { id: P.downloadFinancialInvoice, name: 'Download invoices' },
      { id: P.viewFinancialClaimSummary, name: 'View claim summaries' },
      { id: P.downloadFinancialClaimSummary, name: 'Download claim summaries' },
      { id: P.viewFinancialClaimDetail, name: 'View claim details' },
      { id: P.downloadFinancialClaimDetail, name: 'Download claim details' },
      { id: P.downloadFinancialInvoiceClaimExport, name: 'Export invoice claims' },
    ],
  },
  {
    name: 'Organization',
    permissions: [
      { id: P.viewOrganizations, name: 'View organizations' },
      { id: P.authorizationViewOrgs, name: 'Look up organization access' },
    ],
  },
  /*
   * Not one of the spec's seven groups: the applications a role opens beyond user and member
   * administration. Without it the drawer would hide what Developer or Data Mapping grant.
   */
  {
    name: 'Other Applications',
    permissions: [
      { id: P.appAgent, name: 'Agent desktop' },
      { id: P.eligibilityImportView, name: 'View eligibility imports' },
      { id: P.eligibilityImportCreate, name: 'Create import schemas' },
      { id: P.eligibilityImportEditMine, name: 'Edit own import schemas' },
      { id: P.eligibilityImportEditAll, name: 'Edit all import schemas' },
      { id: P.transformationAdmin, name: 'Transformations' },
      { id: P.evaluateViewOpportunities, name: 'Evaluate opportunities' },
      { id: P.evaluateDataMapper, name: 'Evaluate data mapper' },
      { id: P.clinicalView, name: 'View Protect CDS configuration' },
      { id: P.clinicalEdit, name: 'Edit Protect CDS configuration' },
      { id: P.appKeystoneDev, name: 'Keystone development' },
      { id: P.appMyplanDev, name: 'My Plan development' },
      { id: P.appEvaluateDev, name: 'Evaluate development' },
      { id: P.appAgentDev, name: 'Agent desktop development' },
      { id: P.appProtectDev, name: 'Protect development' },
    ],
  },
];

export const rolePermissionGroup = z.object({
  name: z.string(),
  permissions: z.array(z.object({ id: z.string(), name: z.string(), value: z.boolean() })),
});

/** The roles page's 'Base Roles' table and drawer (spec 2 §3 "Role"). */
export const baseRole = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  type: z.enum(USER_TYPE_NAMES),
  groupLabel: z.string(),
  protected: z.boolean(),
  userCount: z.number().int(),
  permissionGroups: z.array(rolePermissionGroup),
});
export type BaseRole = z.infer<typeof baseRole>;
export const baseRoleList = z.object({ data: z.array(baseRole) });

/** The permission groups of one role, every known permission with whether the role grants it. */
export function permissionGroupsOf(role: Pick<RoleDefinition, 'permissions'>) {
  const granted = new Set<string>(role.permissions);
  return ROLE_PERMISSION_GROUPS.map((group) => ({
    name: group.name,
    permissions: group.permissions.map((p) => ({
      id: p.id,
      name: p.name,
      value: granted.has(p.id),
    })),
  }));
}

export function roleGroupLabel(type: RoleUserType, groupKey: string): string {
  const groups: readonly { key: string; label: string }[] = ROLE_GROUPS[type];
  return groups.find((g) => g.key === groupKey)?.label ?? groupKey;
}

// ---------------------------------------------------------------------------------------------
// DataNet import (spec 2 §3, §7)

export const DATANET_USER_TYPES = {
  0: 'N/A',
  1: 'Plan Admin',
  2: 'Plan Sponsor',
  3: 'System User',
} as const;
export type DataNetUserType = keyof typeof DATANET_USER_TYPES;

export const dataNetUsernameQuery = z.object({
  username: z.string().trim().min(1, USER_MESSAGES.importEmailRequired).max(320),
});

export const dataNetPreviewUser = z.object({
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  extension: z.number().int().nullable(),
  username: z.string(),
  type: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
});
export type DataNetPreviewUser = z.infer<typeof dataNetPreviewUser>;

/** The 409 of the preview: the Pillar user who already has the address (spec 2 §7). */
export const dataNetConflict = z.object({
  status: z.literal(409),
  title: z.string(),
  detail: z.string(),
  user: z.object({ id: z.number().int(), username: z.string() }),
});

export const dataNetImportQuery = dataNetUsernameQuery.extend({
  type: z.enum(USER_TYPE_NAMES, { error: 'type must be internal, client or broker' }),
});

export const dataNetImportResult = z.object({
  user: z.object({ id: z.number().int(), username: z.string() }),
});

// ---------------------------------------------------------------------------------------------
// Profile (spec 2 §2 "Edit Profile", §7 /userprofile)

export const userProfile = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  phone: z.string().nullable(),
  extension: z.number().int().nullable(),
});
export type UserProfile = z.infer<typeof userProfile>;

export const userProfileInput = z.object({
  firstName: trimmedText(firstNameSchema()),
  lastName: trimmedText(lastNameSchema()),
  phone: trimmedText(phoneSchema()),
  extension: extensionSchema().nullish(),
});
export type UserProfileInput = z.infer<typeof userProfileInput>;

export const PASSWORD_RESET_SENT =
  'A password reset email is on its way to the email address associated with your account.';

export const passwordResetResult = z.object({ message: z.string() });

/** POST /userprofile/{id}/legalUser: the user's sign-in account at the identity provider. */
export const legalUserResult = z.object({
  id: z.number().int(),
  username: z.string(),
  invitationSent: z.boolean(),
});

// ---------------------------------------------------------------------------------------------
// Passwords at the built-in identity provider

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

/** What a new password must be; the reset page shows the first broken rule. */
export function passwordProblem(password: string, confirm: string, email: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH)
    return `Your password must be at least ${PASSWORD_MIN_LENGTH} characters long.`;
  if (password.length > PASSWORD_MAX_LENGTH)
    return `Your password must not be longer than ${PASSWORD_MAX_LENGTH} characters.`;
  if (password.trim().toLowerCase() === email.trim().toLowerCase())
    return 'Your password must not be your email address.';
  if (new Set(password).size < 4) return 'Your password needs more different characters.';
  if (password !== confirm) return 'The two passwords do not match.';
  return null;
}

// ---------------------------------------------------------------------------------------------
// Feature flags (spec 2 §3, §6)

export const FEATURE_FLAG_TITLES = ['Show User Permissions', 'Show Roles Page'] as const;
export type FeatureFlagTitle = (typeof FEATURE_FLAG_TITLES)[number];

export const featureFlag = z.object({ title: z.enum(FEATURE_FLAG_TITLES), value: z.boolean() });
export type FeatureFlag = z.infer<typeof featureFlag>;
export const featureFlagList = z.object({ data: z.array(featureFlag) });
export const featureFlagPatch = z.object({
  title: z.enum(FEATURE_FLAG_TITLES, {
    error: `title must be one of ${FEATURE_FLAG_TITLES.join(', ')}`,
  }),
  value: z.boolean({ error: 'value must be true or false' }),
});

// ---------------------------------------------------------------------------------------------
// Member-portal unlock (spec 2 §7)

export const memberPortalUnlockQuery = z.object({
  email: emailSchema('Email').pipe(z.string().min(1, USER_MESSAGES.importEmailRequired)),
});

// ---------------------------------------------------------------------------------------------
// The built-in mail outbox (internal RxB administrators read it when no SMTP server is set)

export const outboxQuery = z.object({
  to: z.string().trim().max(320).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
});

export const outboxMessage = z.object({
  id: z.number().int(),
  to: z.array(z.string()),
  subject: z.string(),
  text: z.string(),
  status: z.string(),
  createdAt: z.string(),
});
export const outboxPage = pageSchema(outboxMessage);

// ---------------------------------------------------------------------------------------------
// Session notices and the landing page (spec 2 §1)

export const sessionSettings = z.object({
  accessEnd: z.object({
    enabled: z.boolean(),
    /** YYYY-MM-DD: the last day of access for internal users. */
    internal: isoDate('internal'),
    /** YYYY-MM-DD: the last day of access for client and broker users. */
    external: isoDate('external'),
    newerPortalUrl: z.string(),
    newerPortalName: z.string(),
  }),
  landing: z.object({
    products: z.array(
      z.object({
        key: z.string(),
        title: z.string(),
        description: z.string(),
        loginUrl: z.string(),
      }),
    ),
  }),
});
export type SessionSettings = z.infer<typeof sessionSettings>;

const DAY_MS = 86_400_000;

/** A calendar day as a whole number of days since 1970-01-01, free of time zones and DST. */
function dayNumber(year: number, monthIndex: number, day: number): number {
  return Date.UTC(year, monthIndex, day) / DAY_MS;
}

/**
 * Days of access left, rounded up (spec 2 §1; decision 0077): the calendar days from today
 * through the last day, today counting as one however much of it is gone. Access lasts to the
 * end of the last day in the viewer's time zone: the day before it 2, on the day itself 1, from
 * the next midnight on 0 or less (no banner). Counted in calendar days, not 24-hour spans, so a
 * 23- or 25-hour day (daylight saving) does not add or lose one.
 */
export function daysRemaining(lastDay: string, now: Date): number {
  const [y, m, d] = lastDay.split('-').map(Number) as [number, number, number];
  const today = dayNumber(now.getFullYear(), now.getMonth(), now.getDate());
  return dayNumber(y, m - 1, d) - today + 1;
}
