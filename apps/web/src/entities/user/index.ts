/**
 * A user's API calls and query keys (spec 2 §1, §5–§8): user administration, DataNet import,
 * roles, the signed-in user's profile, the member-portal unlock and the session notices.
 * Features import only this file.
 */
export { userKeys } from './query-keys.ts';
export { createUser, useCreateUser } from './api/create-user.ts';
export { getRoles, rolesQueryOptions, useRoles } from './api/get-roles.ts';
export {
  getSessionSettings,
  sessionSettingsQueryOptions,
  useSessionSettings,
} from './api/get-session-settings.ts';
export {
  getUserBenefitGroups,
  userBenefitGroupsQueryOptions,
  useUserBenefitGroups,
} from './api/get-user-benefit-groups.ts';
export { getUserHistory, userHistoryQueryOptions, useUserHistory } from './api/get-user-history.ts';
export {
  getUserOrganizations,
  userOrganizationsQueryOptions,
  useUserOrganizations,
  type OrganizationOptionsSearch,
} from './api/get-user-organizations.ts';
export { getUser, userQueryOptions, useUser } from './api/get-user.ts';
export { importDataNetUser, useImportDataNetUser } from './api/import-datanet-user.ts';
export {
  previewDataNetUser,
  usePreviewDataNetUser,
  type DataNetPreview,
} from './api/preview-datanet-user.ts';
export {
  searchUsers,
  searchUsersQueryOptions,
  useSearchUsers,
  type UserSearch,
} from './api/search-users.ts';
export { sendInvitation, useSendInvitation } from './api/send-invitation.ts';
export { updateUser, useUpdateUser } from './api/update-user.ts';
export { baseRolesQueryOptions, listBaseRoles, useBaseRoles } from './api/list-base-roles.ts';
export { getProfile, profileQueryOptions, useProfile } from './api/get-profile.ts';
export { updateProfile, useUpdateProfile } from './api/update-profile.ts';
export { requestPasswordReset, useRequestPasswordReset } from './api/request-password-reset.ts';
export {
  unlockMemberPortalAccount,
  useUnlockMemberPortalAccount,
} from './api/unlock-member-portal-account.ts';
