import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PERMISSIONS as P,
  baseRole,
  baseRoleList,
  dataNetConflict,
  dataNetImportQuery,
  dataNetImportResult,
  dataNetPreviewUser,
  dataNetUsernameQuery,
  featureFlagList,
  featureFlagPatch,
  int4Id,
  legalUserResult,
  memberPortalUnlockQuery,
  organizationOptionPage,
  passwordResetResult,
  roleListQuery,
  roleOptionList,
  sessionSettings,
  userAccess,
  userBenefitGroups as userBenefitGroupsSchema,
  userCreateInput,
  userDetail,
  userHistoryPage,
  userIdParams,
  userOrganizationParams,
  userOrganizationsQuery,
  userPage,
  userProfile,
  userProfileInput,
  userSearchQuery,
  userUpdateInput,
  userWriteResult,
} from '@pillar/domain';
import { createDataNetDirectory } from '../../integrations/datanet/datanet-directory.ts';
import { createMemberPortalAccounts } from '../../integrations/member-portal/member-portal-accounts.ts';
import { principalOf } from '../../platform/auth/access.ts';
import { PROBLEM_CONTENT_TYPE } from '../../platform/http/problem.ts';
import { EmailInUse, importDataNetUser, previewDataNetUser } from './datanet-import.service.ts';
import { listFeatureFlags, setFeatureFlag } from './feature-flags.service.ts';
import { unlockMemberPortalAccount } from './member-portal.service.ts';
import { listOutbox, outboxPage, outboxQuery } from './outbox.service.ts';
import {
  createLegalUser,
  getProfile,
  requestPasswordReset,
  updateProfile,
} from './profile.service.ts';
import { getBaseRole, listBaseRoles, listRoleOptions } from './roles.service.ts';
import { sessionSettingsOf } from './session-settings.ts';
import {
  createUser,
  getUser,
  getUserAccess,
  searchUsers,
  updateUser,
  userBenefitGroups,
  userHistory,
  userOrganizations,
  type UsersDeps,
} from './users.service.ts';

const A = '/authorization/v1';
const viewUsers = { allOf: [P.viewUsers] } as const;
const userForms = { anyOf: [P.viewUsers, P.addUsers, P.editUsers] } as const;
const tags = ['users'];

const roleIdParams = z.object({ id: int4Id('id') });
const historyQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
});

/**
 * User administration (spec 2 §7, authorization service): users, their access, DataNet import,
 * the profile, roles, feature flags, member-portal unlocks, and the session notices. Registered
 * at the root: routes carry their full service paths.
 */
export async function usersRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config, mail } = app.ctx;
  const deps: UsersDeps = { db, config, mail };
  const dataNet = createDataNetDirectory(db);
  const memberPortal = createMemberPortalAccounts(config, db);

  // ------------------------------------------------------------------ users

  r.get(
    `${A}/users`,
    {
      config: { access: viewUsers },
      schema: {
        summary: 'Search users (name, username, active; paged and sorted)',
        tags,
        querystring: userSearchQuery,
        response: { 200: userPage },
      },
    },
    async (request) => searchUsers(db, principalOf(request), request.query),
  );

  r.post(
    `${A}/users`,
    {
      config: { access: { allOf: [P.addUsers] } },
      schema: {
        summary: 'Create a user',
        description:
          'Client and broker creators create users of their own type only, inside their own organizations; nobody grants a role, organization or group they do not hold.',
        tags,
        body: userCreateInput,
        response: { 201: userWriteResult },
      },
    },
    async (request, reply) => {
      const user = await createUser(deps, principalOf(request), request.body);
      return reply.code(201).send({ user });
    },
  );

  r.get(
    `${A}/users/preview-dn-import`,
    {
      config: { access: { allOf: [P.importDatanetUser] } },
      schema: {
        summary: 'Preview a DataNet user for import (409: the email is in use)',
        tags,
        querystring: dataNetUsernameQuery,
        response: { 200: dataNetPreviewUser, 409: dataNetConflict },
      },
    },
    async (request, reply) => {
      try {
        return await previewDataNetUser(deps, dataNet, request.query.username);
      } catch (error) {
        if (!(error instanceof EmailInUse)) throw error;
        return reply
          .code(409)
          .type(PROBLEM_CONTENT_TYPE)
          .send({
            ...error.toProblem(),
            status: 409 as const,
            detail: error.detail!,
            user: error.user,
          });
      }
    },
  );

  r.post(
    `${A}/users/import-user`,
    {
      config: { access: { allOf: [P.importDatanetUser] } },
      schema: {
        summary: 'Import a DataNet user as a new, inactive Pillar user',
        tags,
        querystring: dataNetImportQuery,
        response: { 201: dataNetImportResult, 409: dataNetConflict },
      },
    },
    async (request, reply) => {
      try {
        const result = await importDataNetUser(
          deps,
          dataNet,
          principalOf(request),
          request.query.username,
          request.query.type,
        );
        return reply.code(201).send(result);
      } catch (error) {
        if (!(error instanceof EmailInUse)) throw error;
        return reply
          .code(409)
          .type(PROBLEM_CONTENT_TYPE)
          .send({
            ...error.toProblem(),
            status: 409 as const,
            detail: error.detail!,
            user: error.user,
          });
      }
    },
  );

  r.get(
    `${A}/users/:id`,
    {
      config: { access: viewUsers },
      schema: {
        summary: 'One user with roles and organization access',
        tags,
        params: userIdParams,
        response: { 200: userDetail },
      },
    },
    async (request) => getUser(db, principalOf(request), request.params.id),
  );

  r.put(
    `${A}/users/:id`,
    {
      config: { access: { allOf: [P.editUsers] } },
      schema: {
        summary: 'Update a user (email is read-only)',
        tags,
        params: userIdParams,
        body: userUpdateInput,
        response: { 200: userWriteResult },
      },
    },
    async (request) => ({
      user: await updateUser(deps, principalOf(request), request.params.id, request.body),
    }),
  );

  r.get(
    `${A}/users/:id/access`,
    {
      config: { access: viewUsers },
      schema: {
        summary: "A user's rxbAdmin flag, roles and organizations",
        tags,
        params: userIdParams,
        response: { 200: userAccess },
      },
    },
    async (request) => getUserAccess(db, principalOf(request), request.params.id),
  );

  r.get(
    `${A}/users/:id/organizations`,
    {
      config: { access: userForms },
      schema: {
        summary: 'Organizations the user holds, within the caller’s own',
        description:
          'Called with the caller’s own id, it lists what the caller may grant; activeOnly=true keeps the organizations open to client and broker users.',
        tags,
        params: userIdParams,
        querystring: userOrganizationsQuery,
        response: { 200: organizationOptionPage },
      },
    },
    async (request) =>
      userOrganizations(db, principalOf(request), request.params.id, request.query),
  );

  r.get(
    `${A}/users/:id/organization/:orgId/benefitgroups`,
    {
      config: { access: userForms },
      schema: {
        summary: 'Benefit groups of an organization the user holds',
        tags,
        params: userOrganizationParams,
        response: { 200: userBenefitGroupsSchema },
      },
    },
    async (request) =>
      userBenefitGroups(db, principalOf(request), request.params.id, request.params.orgId),
  );

  r.get(
    `${A}/users/:id/history`,
    {
      config: { access: viewUsers },
      schema: {
        summary: 'Changes to a user: who, when, field, old and new value',
        tags,
        params: userIdParams,
        querystring: historyQuery,
        response: { 200: userHistoryPage },
      },
    },
    async (request) => userHistory(db, principalOf(request), request.params.id, request.query),
  );

  // ------------------------------------------------------------------ profile

  r.get(
    `${A}/userprofile`,
    {
      config: { access: 'authenticated' },
      schema: { summary: "The signed-in user's profile", tags, response: { 200: userProfile } },
    },
    async (request) => getProfile(deps, principalOf(request)),
  );

  r.put(
    `${A}/userprofile`,
    {
      config: { access: 'authenticated' },
      schema: {
        summary: "Update the signed-in user's name, phone and extension",
        tags,
        body: userProfileInput,
        response: { 200: userProfile },
      },
    },
    async (request) => updateProfile(deps, principalOf(request), request.body),
  );

  r.post(
    `${A}/userprofile/password-reset`,
    {
      config: { access: 'authenticated' },
      schema: {
        summary: 'E-mail the signed-in user a link to reset their password',
        tags,
        response: { 200: passwordResetResult },
      },
    },
    async (request) => requestPasswordReset(deps, principalOf(request)),
  );

  r.post(
    `${A}/userprofile/:id/legalUser`,
    {
      config: { access: { allOf: [P.editUsers] } },
      schema: {
        summary: "Set up the user's sign-in account: e-mail them a link to choose a password",
        tags,
        params: userIdParams,
        response: { 200: legalUserResult },
      },
    },
    async (request) => createLegalUser(deps, principalOf(request), request.params.id),
  );

  // ------------------------------------------------------------------ roles

  r.get(
    `${A}/roles`,
    {
      config: { access: { anyOf: [P.viewUsers, P.addUsers, P.editUsers, P.viewRoles] } },
      schema: {
        summary: 'Roles a user form offers, by user type (repeat type=…)',
        tags: ['roles'],
        querystring: roleListQuery,
        response: { 200: roleOptionList },
      },
    },
    async (request) => ({ data: listRoleOptions(principalOf(request), request.query.type) }),
  );

  r.get(
    `${A}/base-roles`,
    {
      config: { access: { allOf: [P.viewRoles] } },
      schema: {
        summary: 'Base roles with their users count and permission groups',
        tags: ['roles'],
        response: { 200: baseRoleList },
      },
    },
    async () => ({ data: await listBaseRoles(db) }),
  );

  r.get(
    `${A}/base-roles/:id`,
    {
      config: { access: { allOf: [P.viewRoles] } },
      schema: {
        summary: 'One base role with its permission groups',
        tags: ['roles'],
        params: roleIdParams,
        response: { 200: baseRole },
      },
    },
    async (request) => getBaseRole(db, request.params.id),
  );

  // ------------------------------------------------------------------ feature flags

  r.get(
    `${A}/feature-flags`,
    {
      config: { access: 'authenticated' },
      schema: {
        summary: "The signed-in user's feature flags",
        tags: ['feature-flags'],
        response: { 200: featureFlagList },
      },
    },
    async (request) => ({ data: await listFeatureFlags(db, principalOf(request)) }),
  );

  r.patch(
    `${A}/feature-flags`,
    {
      config: { access: { allOf: [P.viewFeatureFlags] } },
      schema: {
        summary: 'Turn one of the signed-in user’s feature flags on or off',
        tags: ['feature-flags'],
        body: featureFlagPatch,
        response: { 200: featureFlagList },
      },
    },
    async (request) => ({
      data: await setFeatureFlag(db, principalOf(request), request.body.title, request.body.value),
    }),
  );

  // ------------------------------------------------------------------ member portal

  r.delete(
    `${A}/auth0-management/user-blocks`,
    {
      config: { access: { allOf: [P.agentUnlockMemberPortal] } },
      schema: {
        summary: 'Unlock a member-portal account (lift its sign-in block)',
        tags: ['member-portal'],
        querystring: memberPortalUnlockQuery,
        response: { 204: z.null().describe('Unlocked') },
      },
    },
    async (request, reply) => {
      await unlockMemberPortalAccount(
        deps,
        memberPortal,
        principalOf(request),
        request.query.email,
      );
      return reply.code(204).send(null);
    },
  );

  // ------------------------------------------------------------------ built-in mail outbox

  r.get(
    `${A}/mail-outbox`,
    {
      config: {
        access: { allOf: [P.editProtectedRoles], userTypes: ['i'], rxbAdmin: true },
      },
      schema: {
        summary: 'Read the built-in mail outbox (internal RxB administrators)',
        tags: ['mail'],
        querystring: outboxQuery,
        response: { 200: outboxPage },
      },
    },
    async (request) => listOutbox(db, principalOf(request), request.query),
  );

  // ------------------------------------------------------------------ session notices

  r.get(
    `${A}/session-settings`,
    {
      config: { access: 'public' },
      schema: {
        summary: 'Access-end dates, the newer portal and the landing page’s products',
        tags: ['session'],
        response: { 200: sessionSettings },
      },
    },
    async () => sessionSettingsOf(config),
  );
}
