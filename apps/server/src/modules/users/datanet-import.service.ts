import {
  USER_MESSAGES,
  userTypeNameOf,
  type DataNetPreviewUser,
  type UserTypeName,
} from '@pillar/domain';
import type { DataNetDirectory } from '../../integrations/datanet/datanet-directory.ts';
import { writeAudit } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { HttpProblem, forbidden, notFound } from '../../platform/http/problem.ts';
import { findUserByUsername, insertUserHistory } from './users.repo.ts';
import { insertScopedUser } from './users.access.ts';
import { userTypeCode } from './user-grant-rules.ts';
import type { UsersDeps } from './users.service.ts';

/** The 409 of spec 2 §7: the address already belongs to a Pillar user, who is named. */
export class EmailInUse extends HttpProblem {
  readonly user: { id: number; username: string };
  constructor(user: { id: number; username: string }) {
    super(409, 'Conflict', USER_MESSAGES.emailInUse, { username: USER_MESSAGES.emailInUse });
    this.user = user;
  }
}

async function lookUp(
  deps: UsersDeps,
  directory: DataNetDirectory,
  username: string,
): Promise<DataNetPreviewUser> {
  const email = username.trim();
  const existing = await findUserByUsername(deps.db, email);
  if (existing) throw new EmailInUse({ id: existing.user_no, username: existing.username });
  const found = await directory.findByEmail(email);
  if (!found) throw notFound('DataNet user');
  return found;
}

/** GET /users/preview-dn-import?username (spec 2 §7). */
export function previewDataNetUser(
  deps: UsersDeps,
  directory: DataNetDirectory,
  username: string,
): Promise<DataNetPreviewUser> {
  return lookUp(deps, directory, username);
}

/**
 * POST /users/import-user?username&type: a new Pillar user from the DataNet record, inactive and
 * without roles or organizations, which the importer then grants on the user's page.
 */
export async function importDataNetUser(
  deps: UsersDeps,
  directory: DataNetDirectory,
  caller: Principal,
  username: string,
  type: UserTypeName,
): Promise<{ user: { id: number; username: string } }> {
  if (caller.userType !== 'i' && type !== userTypeNameOf(caller.userType)) {
    throw forbidden('You can import users of your own type only.');
  }
  const found = await lookUp(deps, directory, username);
  const userNo = await deps.db.transaction().execute(async (tx) => {
    const user = await insertScopedUser(tx, {
      username: found.username,
      first_name: found.firstName,
      last_name: found.lastName,
      phone: found.phone,
      extension: found.extension,
      user_type: userTypeCode(type),
      rxb_admin: false,
      all_organizations: false,
      active: false,
      password_hash: null,
      external_subject: null,
      created_by: caller.userNo,
      updated_by: caller.userNo,
    });
    await insertUserHistory(
      tx,
      user,
      caller.userNo,
      (
        [
          ['username', found.username],
          ['firstName', found.firstName],
          ['lastName', found.lastName],
          ['phone', found.phone],
          ['extension', found.extension],
          ['type', type],
          ['active', 'No'],
        ] as const
      )
        .filter(([, value]) => value !== null)
        .map(([field, value]) => ({ field, old_value: null, new_value: String(value) })),
    );
    await writeAudit(tx, {
      actorUserNo: caller.userNo,
      action: 'user.import',
      entity: 'app_user',
      entityId: user.userNo,
      detail: { source: 'datanet', type, dataNetType: found.type },
    });
    return user.userNo;
  });
  return { user: { id: userNo, username: found.username } };
}
