import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  canSeeFile,
  type FileDetail,
  type FileDownloadReceipt,
  type FileOrganizationOption,
  type FileRecipientOption,
  type FileSummary,
  type Page,
} from '@pillar/domain';
import { signAccessToken } from '../../platform/auth/access-token.ts';
import { loadPrincipal } from '../../platform/auth/principal.ts';
import { PERSONAS, type PersonaKey } from '../../seed/personas.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  createViewerWithoutFilesRole,
  fileIdByName,
  multipartBody,
  organizationNoAt,
  storedObjects,
} from './files.test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const RECONCILIATION = 'Cedar Valley Eligibility Reconciliation 2026-10.csv';
const CLAIMS_SUMMARY = 'Q3 2026 Pharmacy Claims Summary.pdf';
const RENEWAL_NOTES = 'Plan Year 2027 Renewal Notes.txt';
const INVOICE_DETAIL = 'October 2026 Invoice Detail.csv';
const NEW_HIRES = 'New Hires November 2026.csv';
const BROKER_QUESTIONS = 'Cedar Valley Renewal Questions.txt';
const HARBOR_NOTICE = 'Harbor Point Formulary Change Notice.pdf';
const NORTHFIELD_LAYOUT = 'Northfield Eligibility File Layout.txt';

async function list(as: PersonaKey, query = '') {
  const response = await t.injectAs(as, { method: 'GET', url: `/portal/v1/files?${query}` });
  return { response, body: response.json<Page<FileSummary>>() };
}

async function names(as: PersonaKey, query = 'limit=100') {
  const { body } = await list(as, query);
  return body.data.map((f) => f.name).sort();
}

async function injectAsUser(userNo: number, options: { method: 'GET'; url: string }) {
  const token = await signAccessToken(t.config, t.ctx.secrets, userNo);
  return t.app.inject({ ...options, headers: { authorization: `Bearer ${token}` } });
}

describe('demo files', () => {
  it('are in storage, encrypted, and nothing is left staged', async () => {
    const staged = await t.ctx.db.selectFrom('file_seed_content').select('file_id').execute();
    expect(staged).toEqual([]);
    const objects = storedObjects(t);
    expect(objects).toHaveLength(8);
    for (const object of objects) {
      const bytes = (await import('node:fs')).readFileSync(object);
      expect(bytes.subarray(0, 4).toString()).toBe('PLF1');
      expect(bytes.includes(Buffer.from('employee_id'))).toBe(false);
    }
    const id = await fileIdByName(t, CLAIMS_SUMMARY);
    const download = await t.injectAs('accountManager', {
      method: 'GET',
      url: `/portal/v1/files/${id}/download`,
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(download.rawPayload.toString('latin1')).toContain('%%EOF');
  });
});

describe('GET /portal/v1/files', () => {
  it('shows internal users every file of their organizations, newest first, fields allow-listed', async () => {
    const { response, body } = await list('accountManager');
    expect(response.statusCode).toBe(200);
    expect(body.totalCount).toBe(8);
    const created = body.data.map((f) => f.created);
    expect(created).toEqual([...created].sort().reverse());
    expect(Object.keys(body.data[0]!).sort()).toEqual(
      [
        'category',
        'categoryId',
        'created',
        'createdBy',
        'createdByName',
        'id',
        'name',
        'organizationName',
        'organizationNo',
        'owner',
        'phi',
        'size',
      ].sort(),
    );
    const reconciliation = body.data.find((f) => f.name === RECONCILIATION)!;
    expect(reconciliation).toMatchObject({
      category: 'Eligibility',
      phi: true,
      organizationName: 'Cedar Valley Manufacturing',
      createdByName: 'Marcus Okafor',
      owner: true,
    });
    expect(body.data.find((f) => f.name === NEW_HIRES)!.owner).toBe(false);
  });

  it('shows clients and brokers what they uploaded or received, in their organizations only', async () => {
    expect(await names('client')).toEqual(
      [CLAIMS_SUMMARY, INVOICE_DETAIL, NEW_HIRES, RECONCILIATION, RENEWAL_NOTES].sort(),
    );
    expect(await names('broker')).toEqual(
      [BROKER_QUESTIONS, CLAIMS_SUMMARY, HARBOR_NOTICE, RECONCILIATION].sort(),
    );
    // A client of the same organization who received nothing sees nothing.
    expect(await names('clientNoSsn')).toEqual([]);
    expect(await names('dataMapper')).toHaveLength(8);
  });

  it('needs the view-files permission', async () => {
    expect((await list('agent')).response.statusCode).toBe(403);
    expect((await list('financialAnalyst')).response.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/portal/v1/files' })).statusCode).toBe(401);
  });

  it('filters by name, organization and category', async () => {
    expect(await names('accountManager', 'name=renewal')).toEqual(
      [BROKER_QUESTIONS, RENEWAL_NOTES].sort(),
    );
    expect(await names('accountManager', 'name=%25')).toEqual([]);
    const harbor = await organizationNoAt(t, 1);
    expect(await names('accountManager', `organizationNo=${harbor}`)).toEqual([HARBOR_NOTICE]);
    expect(await names('accountManager', 'categoryId=1')).toEqual(
      [NEW_HIRES, NORTHFIELD_LAYOUT, RECONCILIATION].sort(),
    );
  });

  it('sorts by every column in both directions, and pages', async () => {
    const sorted = async <K>(sort: string, key: (f: FileSummary) => K) => {
      const { body } = await list('accountManager', `sort=${sort}&limit=100`);
      return body.data.map(key);
    };
    const byName = await sorted('name:asc', (f) => f.name.toLowerCase());
    expect(byName).toEqual([...byName].sort());
    const byOrg = await sorted('organizationName:desc', (f) => f.organizationName.toLowerCase());
    expect(byOrg).toEqual([...byOrg].sort().reverse());
    const byCategory = await sorted('category:asc', (f) => f.category.toLowerCase());
    expect(byCategory).toEqual([...byCategory].sort());
    const byUploader = await sorted('createdByName:asc', (f) => f.createdByName.toLowerCase());
    expect(byUploader).toEqual([...byUploader].sort());
    const bySize = await sorted('size:desc', (f) => f.size);
    expect(bySize).toEqual([...bySize].sort((a, b) => b - a));
    const byDate = await sorted('created:asc', (f) => f.created);
    expect(byDate).toEqual([...byDate].sort());

    const first = await list('accountManager', 'limit=5&offset=0');
    const second = await list('accountManager', 'limit=5&offset=5');
    expect(first.body.data).toHaveLength(5);
    expect(second.body.data).toHaveLength(3);
    const seen = new Set(first.body.data.map((f) => f.id));
    expect(second.body.data.some((f) => seen.has(f.id))).toBe(false);
  });

  it.each([
    ['sort=ssn:asc', 'sort'],
    ['limit=0', 'limit'],
    ['offset=-5', 'offset'],
    ['categoryId=99', 'categoryId'],
    ['organizationNo=abc', 'organizationNo'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const { response } = await list('accountManager', query);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<{ params: Record<string, string> }>().params)).toContain(
      field,
    );
  });
});

describe('who may see a file', () => {
  it('is the same on the API as the domain rule, for every persona and file', async () => {
    const files = await t.ctx.db
      .selectFrom('file')
      .select(['file_id', 'created_by', 'phi', 'organization_no'])
      .execute();
    const recipients = await t.ctx.db.selectFrom('file_recipient').selectAll().execute();
    let visible = 0;
    for (const persona of PERSONAS) {
      const principal = (await loadPrincipal(t.ctx.db, { userNo: await t.userNo(persona.key) }))!;
      if (!principal.permissions.has('portal-view-files')) continue;
      for (const file of files) {
        const expected = canSeeFile(
          {
            userNo: principal.userNo,
            userType: principal.userType,
            roleKeys: principal.roleKeys,
            inOrganizationScope:
              principal.organizations === 'all' ||
              principal.organizations.has(file.organization_no),
          },
          {
            ownerUserNo: file.created_by,
            phi: file.phi,
            recipientUserNos: recipients
              .filter((r) => r.file_id === file.file_id)
              .map((r) => r.user_no),
          },
        );
        const response = await t.injectAs(persona.key, {
          method: 'GET',
          url: `/portal/v1/files/${file.file_id}`,
        });
        expect(response.statusCode, `${persona.key} on ${file.file_id}`).toBe(expected ? 200 : 404);
        if (expected) visible += 1;
      }
    }
    // The rule is not vacuous: some pairs are visible and some are not.
    expect(visible).toBeGreaterThan(10);
    expect(visible).toBeLessThan(PERSONAS.length * files.length);
  });

  it('keeps a PHI file from a recipient who holds no files role', async () => {
    const cedar = await organizationNoAt(t, 0);
    const viewer = await createViewerWithoutFilesRole(t, cedar);
    const phiFile = await fileIdByName(t, RECONCILIATION);
    const plainFile = await fileIdByName(t, RENEWAL_NOTES);
    await t.ctx.db
      .insertInto('file_recipient')
      .values([
        { file_id: phiFile, user_no: viewer, created_by: null },
        { file_id: plainFile, user_no: viewer, created_by: null },
      ])
      .execute();
    const listed = await injectAsUser(viewer, { method: 'GET', url: '/portal/v1/files' });
    expect(listed.json<Page<FileSummary>>().data.map((f) => f.name)).toEqual([RENEWAL_NOTES]);
    const phi = await injectAsUser(viewer, {
      method: 'GET',
      url: `/portal/v1/files/${phiFile}/download`,
    });
    expect(phi.statusCode).toBe(404);
    const plain = await injectAsUser(viewer, {
      method: 'GET',
      url: `/portal/v1/files/${plainFile}/download`,
    });
    expect(plain.statusCode).toBe(200);

    // Such a user is offered as a recipient, but never of a PHI file.
    const options = await t.injectAs('accountManager', {
      method: 'GET',
      url: `/portal/v1/files/recipients?organizationNo=${cedar}&name=nofiles`,
    });
    expect(options.json<Page<FileRecipientOption>>().data).toEqual([
      { userId: viewer, fullName: 'Vera Nofiles', userType: 'c', canReceivePhi: false },
    ]);
    const upload = multipartBody(
      [
        ['categoryId', 1],
        ['organizationNo', cedar],
        ['phi', true],
        ['recipientId', viewer],
      ],
      [{ name: 'members.csv', content: 'a,b\n1,2\n' }],
    );
    const before = storedObjects(t).length;
    const refused = await t.injectAs('accountManager', {
      method: 'POST',
      url: '/portal/v1/files',
      ...upload,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ params: Record<string, string> }>().params.recipientId).toBe(
      'Vera Nofiles cannot receive PHI files: they hold no Files role',
    );
    expect(storedObjects(t)).toHaveLength(before);
    await t.ctx.db.deleteFrom('file_recipient').where('user_no', '=', viewer).execute();
  });
});

describe('GET /portal/v1/files/{id}', () => {
  it('gives the owner and internal users the recipients, a recipient only the file', async () => {
    const id = await fileIdByName(t, RECONCILIATION);
    const owner = await t.injectAs('accountManager', {
      method: 'GET',
      url: `/portal/v1/files/${id}`,
    });
    expect(owner.statusCode).toBe(200);
    const detail = owner.json<FileDetail>();
    expect(detail.recipients.map((r) => r.fullName).sort()).toEqual(
      ['Jonah Whitfield', 'Leila Haddad'].sort(),
    );
    expect(detail.owner).toBe(true);
    expect(detail.size).toBeGreaterThan(1000);

    const recipient = await t.injectAs('client', { method: 'GET', url: `/portal/v1/files/${id}` });
    expect(recipient.statusCode).toBe(200);
    expect(recipient.json<FileDetail>()).toMatchObject({ owner: false, recipients: [] });

    const internal = await t.injectAs('dataMapper', {
      method: 'GET',
      url: `/portal/v1/files/${id}`,
    });
    expect(internal.json<FileDetail>().recipients).toHaveLength(2);
  });

  it('answers 404 for a non-recipient, another organization and an unknown id; 400 for a malformed one', async () => {
    const renewal = await fileIdByName(t, RENEWAL_NOTES);
    const northfield = await fileIdByName(t, NORTHFIELD_LAYOUT);
    const get = (as: PersonaKey, id: string) =>
      t.injectAs(as, { method: 'GET', url: `/portal/v1/files/${id}` });
    expect((await get('broker', renewal)).statusCode).toBe(404);
    expect((await get('clientNoSsn', renewal)).statusCode).toBe(404);
    expect((await get('broker', northfield)).statusCode).toBe(404);
    expect((await get('client', northfield)).statusCode).toBe(404);
    const unknown = await get('superAdmin', '6f0e3c8a-1b2c-4d5e-8f90-123456789abc');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ status: 404, detail: 'File not found' });
    const malformed = await get('superAdmin', 'not-a-file');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<{ params: Record<string, string> }>().params.id).toBe(
      'id must be a file id',
    );
  });
});

describe('PUT /portal/v1/files/{id}', () => {
  it('lets the owner change category, PHI and recipients', async () => {
    const id = await fileIdByName(t, INVOICE_DETAIL);
    const broker = await t.userNo('broker');
    const client = await t.userNo('client');
    const response = await t.injectAs('accountManager', {
      method: 'PUT',
      url: `/portal/v1/files/${id}`,
      payload: { categoryId: 5, phi: true, recipientIds: [broker, client, broker] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<FileDetail>()).toMatchObject({
      categoryId: 5,
      category: 'Reports',
      phi: true,
    });
    expect(
      response
        .json<FileDetail>()
        .recipients.map((r) => r.userId)
        .sort(),
    ).toEqual([broker, client].sort());
    expect(await names('broker')).toContain(INVOICE_DETAIL);

    const back = await t.injectAs('accountManager', {
      method: 'PUT',
      url: `/portal/v1/files/${id}`,
      payload: { categoryId: 3, phi: false, recipientIds: [client] },
    });
    expect(back.json<FileDetail>().recipients.map((r) => r.userId)).toEqual([client]);
    expect(await names('broker')).not.toContain(INVOICE_DETAIL);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', id)
      .where('action', '=', 'file.update')
      .execute();
    expect(audit).toHaveLength(2);
  });

  it('refuses a non-owner (403), an unseen file (404) and bad input (400 naming the field)', async () => {
    const id = await fileIdByName(t, RENEWAL_NOTES);
    const client = await t.userNo('client');
    const body = { categoryId: 4, phi: false, recipientIds: [client] };
    const byRecipient = await t.injectAs('client', {
      method: 'PUT',
      url: `/portal/v1/files/${id}`,
      payload: body,
    });
    expect(byRecipient.statusCode).toBe(403);
    const byInternal = await t.injectAs('dataMapper', {
      method: 'PUT',
      url: `/portal/v1/files/${id}`,
      payload: body,
    });
    expect(byInternal.statusCode).toBe(403);
    const byStranger = await t.injectAs('broker', {
      method: 'PUT',
      url: `/portal/v1/files/${id}`,
      payload: body,
    });
    expect(byStranger.statusCode).toBe(404);

    const bad = async (payload: object, field: string, message?: string) => {
      const response = await t.injectAs('accountManager', {
        method: 'PUT',
        url: `/portal/v1/files/${id}`,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const params = response.json<{ params: Record<string, string> }>().params;
      expect(Object.keys(params)).toContain(field);
      if (message) expect(params[field]).toBe(message);
    };
    await bad({ ...body, recipientIds: [] }, 'recipientIds', 'Recipients is required');
    await bad({ phi: false, recipientIds: [client] }, 'categoryId');
    await bad({ ...body, categoryId: 42 }, 'categoryId');
    // A user who lost access to the organization cannot receive its files.
    const outsider = await t.userNo('clientNoSsn');
    await t.ctx.db.deleteFrom('user_organization').where('user_no', '=', outsider).execute();
    await bad(
      { ...body, recipientIds: [outsider] },
      'recipientIds',
      `User ${outsider} cannot receive files of this organization`,
    );
    await t.ctx.db
      .insertInto('user_organization')
      .values({
        user_no: outsider,
        organization_no: await organizationNoAt(t, 0),
        restrict_benefit_groups: false,
        created_by: null,
      })
      .execute();
    await bad({ ...body, recipientIds: [await t.userNo('agent')] }, 'recipientIds');
  });
});

describe('downloads and receipts', () => {
  it('streams the bytes to a recipient, records a receipt and an audit entry', async () => {
    const id = await fileIdByName(t, RENEWAL_NOTES);
    const response = await t.injectAs('client', {
      method: 'GET',
      url: `/portal/v1/files/${id}/download`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${RENEWAL_NOTES}"; filename*=UTF-8''${encodeURIComponent(RENEWAL_NOTES)}`,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('plan year 2027 renewal');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);

    const receipts = await t.injectAs('accountManager', {
      method: 'GET',
      url: `/portal/v1/files/${id}/downloads`,
    });
    expect(receipts.statusCode).toBe(200);
    const page = receipts.json<Page<FileDownloadReceipt>>();
    // Newest first; an earlier test downloaded this file as another user.
    const rows = await t.ctx.db
      .selectFrom('file_download')
      .select('user_no')
      .where('file_id', '=', id)
      .execute();
    expect(page.totalCount).toBe(rows.length);
    const clientNo = await t.userNo('client');
    expect(rows.filter((r) => r.user_no === clientNo)).toHaveLength(1);
    expect(page.data[0]).toMatchObject({
      userId: await t.userNo('client'),
      fullName: 'Leila Haddad',
    });
    expect(Date.parse(page.data[0]!.downloadedAt)).not.toBeNaN();
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select(['actor_user_no', 'action'])
      .where('entity_id', '=', id)
      .where('action', '=', 'file.download')
      .where('actor_user_no', '=', await t.userNo('client'))
      .execute();
    expect(audit).toEqual([{ actor_user_no: await t.userNo('client'), action: 'file.download' }]);
  });

  it('shows receipts to the owner only, and downloads to those who may see the file', async () => {
    const id = await fileIdByName(t, CLAIMS_SUMMARY);
    expect(
      (await t.injectAs('client', { method: 'GET', url: `/portal/v1/files/${id}/downloads` }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.injectAs('clientNoSsn', { method: 'GET', url: `/portal/v1/files/${id}/downloads` }))
        .statusCode,
    ).toBe(404);
    const northfield = await fileIdByName(t, NORTHFIELD_LAYOUT);
    expect(
      (
        await t.injectAs('broker', {
          method: 'GET',
          url: `/portal/v1/files/${northfield}/download`,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.injectAs('agent', { method: 'GET', url: `/portal/v1/files/${northfield}/download` }))
        .statusCode,
    ).toBe(403);
    // A HEAD reads nothing, so it must not count as a download.
    const head = await t.injectAs('accountManager', {
      method: 'HEAD',
      url: `/portal/v1/files/${northfield}/download`,
    });
    expect(head.statusCode).toBe(404);
    const receipts = await t.ctx.db
      .selectFrom('file_download')
      .select('file_id')
      .where('file_id', '=', northfield)
      .execute();
    expect(receipts).toEqual([]);
  });
});

describe('DELETE /portal/v1/files/{id}', () => {
  it('lets the owner with the delete permission remove the row, the recipients and the bytes', async () => {
    const id = await fileIdByName(t, HARBOR_NOTICE);
    const objectsBefore = storedObjects(t).length;
    const byInternalNonOwner = await t.injectAs('dataMapper', {
      method: 'DELETE',
      url: `/portal/v1/files/${id}`,
    });
    expect(byInternalNonOwner.statusCode).toBe(403);
    const byRecipient = await t.injectAs('broker', {
      method: 'DELETE',
      url: `/portal/v1/files/${id}`,
    });
    expect(byRecipient.statusCode).toBe(403);

    const response = await t.injectAs('accountManager', {
      method: 'DELETE',
      url: `/portal/v1/files/${id}`,
    });
    expect(response.statusCode).toBe(204);
    expect(storedObjects(t)).toHaveLength(objectsBefore - 1);
    expect(
      await t.ctx.db.selectFrom('file').select('file_id').where('file_id', '=', id).execute(),
    ).toEqual([]);
    expect(
      await t.ctx.db
        .selectFrom('file_recipient')
        .select('file_id')
        .where('file_id', '=', id)
        .execute(),
    ).toEqual([]);
    expect(
      (await t.injectAs('accountManager', { method: 'GET', url: `/portal/v1/files/${id}` }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.injectAs('accountManager', { method: 'DELETE', url: `/portal/v1/files/${id}` }))
        .statusCode,
    ).toBe(404);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', id)
      .where('action', '=', 'file.delete')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('refuses an owner without the delete permission', async () => {
    const id = await fileIdByName(t, NEW_HIRES);
    const response = await t.injectAs('client', {
      method: 'DELETE',
      url: `/portal/v1/files/${id}`,
    });
    expect(response.statusCode).toBe(403);
    expect(await fileIdByName(t, NEW_HIRES)).toBe(id);
  });
});

describe('lookups for the upload form', () => {
  it('lists the users of an organization who may receive files, and whether they may receive PHI', async () => {
    const cedar = await organizationNoAt(t, 0);
    const response = await t.injectAs('accountManager', {
      method: 'GET',
      url: `/portal/v1/files/recipients?organizationNo=${cedar}&limit=100`,
    });
    expect(response.statusCode).toBe(200);
    const options = response.json<Page<FileRecipientOption>>().data;
    const byName = new Map(options.map((o) => [o.fullName, o]));
    // Clients and brokers of the organization, and internal staff with the files area.
    for (const name of [
      'Leila Haddad',
      'Jonah Whitfield',
      'Samuel Brennan',
      'Ada Lovelace',
      'Diego Alvarez',
    ]) {
      expect(byName.has(name), name).toBe(true);
    }
    expect(byName.get('Leila Haddad')).toMatchObject({ userType: 'c', canReceivePhi: true });
    // Not the caller, not users without the files area.
    for (const name of ['Marcus Okafor', 'Priya Raman', 'Mei Chen', 'Amara Mensah']) {
      expect(byName.has(name), name).toBe(false);
    }
    const names = options.map((o) => o.fullName.toLowerCase());
    expect(names).toEqual([...names].sort());

    const searched = await t.injectAs('accountManager', {
      method: 'GET',
      url: `/portal/v1/files/recipients?organizationNo=${cedar}&name=whit`,
    });
    expect(searched.json<Page<FileRecipientOption>>().data.map((o) => o.fullName)).toEqual([
      'Jonah Whitfield',
    ]);
  });

  it('refuses an organization outside the scope (404), a missing one (400) and a user without upload (403)', async () => {
    const northfield = await organizationNoAt(t, 2);
    expect(
      (
        await t.injectAs('broker', {
          method: 'GET',
          url: `/portal/v1/files/recipients?organizationNo=${northfield}`,
        })
      ).statusCode,
    ).toBe(404);
    const missing = await t.injectAs('broker', {
      method: 'GET',
      url: '/portal/v1/files/recipients',
    });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json<{ params: object }>().params)).toContain('organizationNo');
    expect(
      (
        await t.injectAs('agent', {
          method: 'GET',
          url: `/portal/v1/files/recipients?organizationNo=${northfield}`,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('lists the organizations a user may file under, and the upload limits', async () => {
    const response = await t.injectAs('broker', {
      method: 'GET',
      url: '/portal/v1/files/organizations',
    });
    expect(response.json<Page<FileOrganizationOption>>().data.map((o) => o.name)).toEqual([
      'Cedar Valley Manufacturing',
      'Harbor Point Teamsters Local 12',
    ]);
    const settings = await t.injectAs('client', {
      method: 'GET',
      url: '/portal/v1/files/settings',
    });
    expect(settings.json()).toEqual({
      maxFileBytes: 209_715_200,
      maxFiles: 10,
      extensions: [
        '.csv',
        '.dat',
        '.doc',
        '.docx',
        '.gpg',
        '.pdf',
        '.pgp',
        '.ppt',
        '.pptx',
        '.txt',
        '.xls',
        '.xlsx',
        '.zip',
      ],
    });
  });
});
