import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestApp } from '../../test/test-app.ts';

/** Helpers shared by the files API tests. */

export { multipartBody, type UploadPart } from '../../test/multipart.ts';

/** Minimal but real content for each accepted type. */
export const SAMPLES = {
  csv: 'member_id,last_name\nM1,Okafor\n',
  txt: 'Plan notes for 2027.\n',
  pdf: Buffer.concat([Buffer.from('%PDF-1.4\n'), crypto.randomBytes(2000)]),
  docx: Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), crypto.randomBytes(500)]),
  xls: Buffer.concat([
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
    crypto.randomBytes(300),
  ]),
  gpg: Buffer.concat([Buffer.from([0x85, 0x01, 0x0c]), crypto.randomBytes(268)]),
  pgp: '-----BEGIN PGP MESSAGE-----\n\nhQEMA1234\n-----END PGP MESSAGE-----\n',
} as const;

/**
 * Every file the local storage holds for the files module (encrypted objects and `.part` files,
 * named by the file's id). Other modules share the storage under a prefix of their own (keys
 * `issues/<id>`, `import-schema-files/<id>`, `sample-files/<id>`, … stored as `issues_<id>`, …)
 * and are not counted.
 */
export function storedObjects(t: TestApp): string[] {
  const root = fileURLToPath(t.config.storage.url);
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !/^[a-z-]+_/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

export async function organizationNoAt(t: TestApp, slot: number): Promise<number> {
  const rows = await t.ctx.db
    .selectFrom('organization')
    .select('organization_no')
    .orderBy('organization_no')
    .execute();
  return rows[slot]!.organization_no;
}

export async function fileCount(t: TestApp): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('file')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function fileIdByName(t: TestApp, name: string): Promise<string> {
  const row = await t.ctx.db
    .selectFrom('file')
    .select('file_id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.file_id;
}

/**
 * A client user of an organization whose role grants the files area but belongs to no files
 * group: the one kind of recipient a PHI file must not reach. No shipped role is like this,
 * so the test makes one.
 */
export async function createViewerWithoutFilesRole(
  t: TestApp,
  organizationNo: number,
): Promise<number> {
  const db = t.ctx.db;
  await db
    .insertInto('role')
    .values({
      role_id: 990,
      key: 'testClientFilesViewer',
      name: 'Test Files Viewer',
      user_type: 'client',
      group_key: 'userManagement',
      protected: false,
      hidden_without: null,
      description: 'test only',
    })
    .onConflict((oc) => oc.column('role_id').doNothing())
    .execute();
  await db
    .insertInto('role_permission')
    .values({ role_id: 990, permission: 'portal-view-files' })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const user = await db
    .insertInto('app_user')
    .values({
      username: `viewer.${crypto.randomBytes(4).toString('hex')}@pillar.example`,
      first_name: 'Vera',
      last_name: 'Nofiles',
      phone: null,
      extension: null,
      user_type: 'c',
      rxb_admin: false,
      all_organizations: false,
      active: true,
      password_hash: null,
      external_subject: null,
      created_by: null,
      updated_by: null,
    })
    .returning('user_no')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('user_role')
    .values({ user_no: user.user_no, role_id: 990, created_by: null })
    .execute();
  await db
    .insertInto('user_organization')
    .values({
      user_no: user.user_no,
      organization_no: organizationNo,
      restrict_benefit_groups: false,
      created_by: null,
    })
    .execute();
  return user.user_no;
}
