import { PASSWORD_RESET_SENT, type UserProfile, type UserProfileInput } from '@pillar/domain';
import { writeAudit } from '../../platform/audit.ts';
import { sendPasswordLink } from '../../platform/auth/oidc/password-reset.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { badRequest, conflict, notFound } from '../../platform/http/problem.ts';
import { findUserFields, insertUserHistory, updateUserRow } from './users.repo.ts';
import { requireUser, signedInUser, type ScopedUser } from './users.access.ts';
import type { UsersDeps } from './users.service.ts';

async function readProfile(deps: UsersDeps, user: ScopedUser): Promise<UserProfile> {
  const row = await findUserFields(deps.db, user);
  if (!row) throw notFound('User');
  return {
    id: row.user_no,
    firstName: row.first_name,
    lastName: row.last_name,
    username: row.username,
    phone: row.phone,
    extension: row.extension,
  };
}

export function getProfile(deps: UsersDeps, caller: Principal): Promise<UserProfile> {
  return readProfile(deps, signedInUser(caller));
}

/** PUT /userprofile: name, phone and extension; the email stays read-only (spec 2 §5). */
export async function updateProfile(
  deps: UsersDeps,
  caller: Principal,
  input: UserProfileInput,
): Promise<UserProfile> {
  const params: Record<string, string> = {};
  if (!input.firstName?.trim()) params.firstName = 'First Name is required';
  if (!input.lastName?.trim()) params.lastName = 'Last Name is required';
  if (Object.keys(params).length) throw badRequest(Object.values(params).join('; '), params);
  const before = await readProfile(deps, signedInUser(caller));
  const after = {
    firstName: input.firstName!.trim(),
    lastName: input.lastName!.trim(),
    phone: input.phone?.trim() || null,
    extension: input.extension ?? null,
  };
  const changes = (
    [
      ['firstName', before.firstName, after.firstName],
      ['lastName', before.lastName, after.lastName],
      ['phone', before.phone, after.phone],
      ['extension', before.extension, after.extension],
    ] as const
  ).filter(([, o, n]) => (o ?? null) !== (n ?? null));
  if (changes.length) {
    await deps.db.transaction().execute(async (tx) => {
      await updateUserRow(tx, signedInUser(caller), caller.userNo, {
        first_name: after.firstName,
        last_name: after.lastName,
        phone: after.phone,
        extension: after.extension,
      });
      await insertUserHistory(
        tx,
        signedInUser(caller),
        caller.userNo,
        changes.map(([field, o, n]) => ({
          field,
          old_value: o === null ? null : String(o),
          new_value: n === null ? null : String(n),
        })),
      );
      await writeAudit(tx, {
        actorUserNo: caller.userNo,
        action: 'profile.update',
        entity: 'app_user',
        entityId: caller.userNo,
        detail: { changedFields: changes.map(([field]) => field) },
      });
    });
  }
  return readProfile(deps, signedInUser(caller));
}

function requireBuiltInProvider(deps: UsersDeps): void {
  if (!deps.config.oidc.builtIn) {
    throw conflict(
      'Passwords are kept by your organization’s identity provider; reset yours there.',
    );
  }
}

/** The Reset Password card's Send: a reset link to the caller's own address. */
export async function requestPasswordReset(deps: UsersDeps, caller: Principal) {
  requireBuiltInProvider(deps);
  await sendPasswordLink(deps, caller.userNo, 'reset', caller.userNo);
  return { message: PASSWORD_RESET_SENT };
}

/**
 * POST /userprofile/{id}/legalUser: makes the user's sign-in account at the identity provider
 * usable, which for the built-in provider means (re)sending the invitation to choose a password.
 */
export async function createLegalUser(deps: UsersDeps, caller: Principal, id: number) {
  requireBuiltInProvider(deps);
  const { grants: target } = await requireUser(deps.db, caller, id);
  if (!target.active) {
    throw badRequest('Activate the user before sending an invitation.', {
      active: 'Activate the user before sending an invitation.',
    });
  }
  await sendPasswordLink(deps, id, target.hasPassword ? 'reset' : 'invitation', caller.userNo);
  return { id, username: target.username, invitationSent: true };
}
