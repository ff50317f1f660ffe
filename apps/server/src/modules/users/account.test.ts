import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { PASSWORD_RESET_SENT, type FeatureFlag, type UserProfile } from '@pillar/domain';
import { signAccessToken } from '../../platform/auth/access-token.ts';
import { signIn } from '../../platform/auth/oidc/sign-in.ts';
import { DEMO_PASSWORD } from '../../seed/personas.ts';
import { given } from '../../test/given.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { USER_ADMIN_DEMO } from '../../seed/users-demo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    startJobs: true,
    env: {
      ACCESS_END_DATE_INTERNAL: '2027-03-31',
      NEWER_PORTAL_URL: 'https://next.pillar.example',
      LEGACY_PORTAL_LOGIN_URL: 'https://old.pillar.example/login',
    },
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function latestMailTo(address: string) {
  return t.ctx.db
    .selectFrom('mail_outbox')
    .select(['mail_id', 'subject', 'text_body'])
    .where(sql<boolean>`${address} = any(to_addresses)`)
    .orderBy('mail_id', 'desc')
    .executeTakeFirst();
}

function linkIn(text: string): string {
  const match = /http:\/\/localhost:8080(\/oidc\/reset\/[A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`no link in ${text}`);
  return match[1]!;
}

async function postPassword(path: string, password: string, confirm = password) {
  return t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ email: 'ignored', password, confirm }).toString(),
  });
}

function trySignIn(email: string, password: string) {
  return signIn({ db: t.ctx.db, login: t.config.login }, { email, password }, { ip: '127.0.0.1' });
}

describe('GET and PUT /authorization/v1/userprofile', () => {
  it('reads and updates the signed-in user’s name, phone and extension; the email stays', async () => {
    const before = await t.injectAs('broker', {
      method: 'GET',
      url: '/authorization/v1/userprofile',
    });
    expect(before.statusCode).toBe(200);
    expect(before.json<UserProfile>()).toMatchObject({
      username: 'broker@pillar.example',
      firstName: 'Jonah',
    });
    const response = await t.injectAs('broker', {
      method: 'PUT',
      url: '/authorization/v1/userprofile',
      payload: {
        firstName: ' Jonas ',
        lastName: 'Whitfield',
        phone: '555-123-4567',
        extension: 12,
        username: 'someone.else@example.com',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<UserProfile>()).toMatchObject({
      firstName: 'Jonas',
      phone: '555-123-4567',
      extension: 12,
      username: 'broker@pillar.example',
    });
    const claims = await t.injectAs('broker', { method: 'GET', url: '/authorization/v1/claims' });
    expect(claims.json<{ firstName: string }>().firstName).toBe('Jonas');
    const history = await t.ctx.db
      .selectFrom('user_history')
      .select(['field', 'old_value', 'new_value'])
      .where('user_no', '=', await t.userNo('broker'))
      .execute();
    expect(history).toEqual(
      expect.arrayContaining([{ field: 'firstName', old_value: 'Jonah', new_value: 'Jonas' }]),
    );
    await t.injectAs('broker', {
      method: 'PUT',
      url: '/authorization/v1/userprofile',
      payload: { firstName: 'Jonah', lastName: 'Whitfield', phone: null, extension: null },
    });
  });

  it('requires first and last name and checks the formats', async () => {
    const response = await t.injectAs('client', {
      method: 'PUT',
      url: '/authorization/v1/userprofile',
      payload: { firstName: '', lastName: 'Haddad' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ params: { firstName: 'First Name is required' } });
    const phone = await t.injectAs('client', {
      method: 'PUT',
      url: '/authorization/v1/userprofile',
      payload: { firstName: 'Leila', lastName: 'Haddad', phone: '12345' },
    });
    expect(phone.json()).toMatchObject({ status: 400, params: { phone: 'Invalid phone number' } });
  });

  it('answers 401 without a token', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/authorization/v1/userprofile' })).statusCode,
    ).toBe(401);
  });
});

describe('password reset through the built-in identity provider', () => {
  it('mails a link that sets a new password, clears a lockout and works once', async () => {
    const username = USER_ADMIN_DEMO.username;
    const userNo = (
      await t.ctx.db
        .selectFrom('app_user')
        .select('user_no')
        .where('username', '=', username)
        .executeTakeFirstOrThrow()
    ).user_no;
    const adminToken = await signAccessToken(t.config, t.ctx.secrets, userNo);
    const response = await t.app.inject({
      method: 'POST',
      url: '/authorization/v1/userprofile/password-reset',
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: PASSWORD_RESET_SENT });
    const mail = (await latestMailTo(username))!;
    expect(mail.subject).toBe('Reset your Pillar password');
    const path = linkIn(mail.text_body);
    // Only a hash of the token is stored.
    const stored = await t.ctx.db
      .selectFrom('password_reset_token')
      .select('token_hash')
      .where('user_no', '=', userNo)
      .execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(path.split('/').at(-1));

    // The account is locked by failed sign-ins meanwhile (from the address trySignIn uses).
    for (let n = 0; n < t.config.login.maxFailures; n += 1) {
      await trySignIn(username, 'not the password at all');
    }
    expect((await trySignIn(username, DEMO_PASSWORD)).outcome).toBe('locked');

    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.body).toContain('<h1>Reset your Pillar password</h1>');
    expect(page.body).toContain(`value="${username}"`);
    expect(page.body).toContain('autocomplete="new-password"');

    const short = await postPassword(path, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('at least 12 characters');
    const mismatch = await postPassword(path, 'correct horse battery', 'correct horse battery!');
    expect(mismatch.body).toContain('The two passwords do not match.');

    const done = await postPassword(path, 'correct horse battery staple');
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Your password has been reset');
    expect((await trySignIn(username, DEMO_PASSWORD)).outcome).toBe('invalid');
    expect((await trySignIn(username, 'correct horse battery staple')).outcome).toBe('success');

    const again = await t.app.inject({ method: 'GET', url: path });
    expect(again.statusCode).toBe(410);
    expect((await postPassword(path, 'another fine passphrase')).statusCode).toBe(410);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', String(userNo))
      .where('action', 'like', 'password.%')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['password.reset_requested', 'password.reset']);
  });

  it('voids an earlier link when a newer one is sent, and refuses made-up tokens', async () => {
    await t.injectAs('clientNoSsn', {
      method: 'POST',
      url: '/authorization/v1/userprofile/password-reset',
    });
    const first = linkIn((await latestMailTo('client.viewer@pillar.example'))!.text_body);
    await t.injectAs('clientNoSsn', {
      method: 'POST',
      url: '/authorization/v1/userprofile/password-reset',
    });
    const second = linkIn((await latestMailTo('client.viewer@pillar.example'))!.text_body);
    expect(second).not.toBe(first);
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(410);
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/oidc/reset/not-a-real-token-at-all-xxxxxxxx' }))
        .statusCode,
    ).toBe(410);
  });

  it('expires links after the configured time', async () => {
    await t.injectAs('dataMapper', {
      method: 'POST',
      url: '/authorization/v1/userprofile/password-reset',
    });
    const path = linkIn((await latestMailTo('data.mapper@pillar.example'))!.text_body);
    await t.ctx.db
      .updateTable('password_reset_token')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('user_no', '=', await t.userNo('dataMapper'))
      .execute();
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(410);
  });
});

describe('invitations: POST /authorization/v1/userprofile/{id}/legalUser', () => {
  it('sends a new active user a link to choose a first password', async () => {
    // Two new client users without a password: one not active yet, one active.
    const { users } = await given(t)
      .organization()
      .user({ type: 'client', roles: ['clientFiles'], active: false })
      .user({
        type: 'client',
        roles: ['clientFiles'],
        username: 'invited.person@users-test.example',
        firstName: 'Ivy',
        lastName: 'Nguyen',
      })
      .build();
    const [notActive, invited] = users;
    const inactive = await t.injectAs('superAdmin', {
      method: 'POST',
      url: `/authorization/v1/userprofile/${notActive!.userNo}/legalUser`,
    });
    expect(inactive.statusCode).toBe(400);
    const id = invited!.userNo;
    const response = await t.injectAs('superAdmin', {
      method: 'POST',
      url: `/authorization/v1/userprofile/${id}/legalUser`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id,
      username: 'invited.person@users-test.example',
      invitationSent: true,
    });
    const mail = (await latestMailTo('invited.person@users-test.example'))!;
    expect(mail.subject).toBe('Your Pillar account');
    const path = linkIn(mail.text_body);
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.body).toContain('<h1>Set your Pillar password</h1>');
    expect((await postPassword(path, 'a fresh start for ivy')).body).toContain(
      'Your password is set',
    );
    expect(
      (await trySignIn('invited.person@users-test.example', 'a fresh start for ivy')).outcome,
    ).toBe('success');
    // Users outside the caller's organizations are not found.
    expect(
      (
        await t.injectAs('broker', {
          method: 'POST',
          url: `/authorization/v1/userprofile/${await t.userNo('superAdmin')}/legalUser`,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('feature flags', () => {
  it('are off by default, follow the user and are the user’s own', async () => {
    const initial = await t.injectAs('superAdmin', {
      method: 'GET',
      url: '/authorization/v1/feature-flags',
    });
    expect(initial.json<{ data: FeatureFlag[] }>().data).toEqual([
      { title: 'Show User Permissions', value: false },
      { title: 'Show Roles Page', value: false },
    ]);
    const patched = await t.injectAs('superAdmin', {
      method: 'PATCH',
      url: '/authorization/v1/feature-flags',
      payload: { title: 'Show Roles Page', value: true },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json<{ data: FeatureFlag[] }>().data).toContainEqual({
      title: 'Show Roles Page',
      value: true,
    });
    const reread = await t.injectAs('superAdmin', {
      method: 'GET',
      url: '/authorization/v1/feature-flags',
    });
    expect(reread.json<{ data: FeatureFlag[] }>().data).toContainEqual({
      title: 'Show Roles Page',
      value: true,
    });
    const someoneElse = await t.injectAs('client', {
      method: 'GET',
      url: '/authorization/v1/feature-flags',
    });
    expect(someoneElse.json<{ data: FeatureFlag[] }>().data.every((f) => !f.value)).toBe(true);
  });

  it('refuses unknown flags and users without the feature-flag permission', async () => {
    const unknown = await t.injectAs('superAdmin', {
      method: 'PATCH',
      url: '/authorization/v1/feature-flags',
      payload: { title: 'Show Everything', value: true },
    });
    expect(unknown.statusCode).toBe(400);
    const client = await t.injectAs('client', {
      method: 'PATCH',
      url: '/authorization/v1/feature-flags',
      payload: { title: 'Show Roles Page', value: true },
    });
    expect(client.statusCode).toBe(403);
  });
});

describe('GET /authorization/v1/mail-outbox', () => {
  it('lets internal RxB administrators read the outbox, and audits it', async () => {
    const response = await t.injectAs('superAdmin', {
      method: 'GET',
      url: '/authorization/v1/mail-outbox?to=INVITED.person@users-test.example',
    });
    expect(response.statusCode).toBe(200);
    const page = response.json<{ data: { to: string[]; subject: string }[]; totalCount: number }>();
    expect(page.totalCount).toBeGreaterThan(0);
    expect(page.data.every((m) => m.to.includes('invited.person@users-test.example'))).toBe(true);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select('actor_user_no')
      .where('action', '=', 'mail_outbox.read')
      .execute();
    expect(audit.map((a) => a.actor_user_no)).toContain(await t.userNo('superAdmin'));
  });

  it('refuses everyone else', async () => {
    for (const persona of ['accountManager', 'financialAnalyst', 'client'] as const) {
      const response = await t.injectAs(persona, {
        method: 'GET',
        url: '/authorization/v1/mail-outbox',
      });
      expect(response.statusCode, persona).toBe(403);
    }
  });
});

describe('GET /authorization/v1/session-settings', () => {
  it('is public and carries the configured dates and links', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/authorization/v1/session-settings',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      accessEnd: {
        enabled: true,
        internal: '2027-03-31',
        external: '2024-11-27',
        newerPortalUrl: 'https://next.pillar.example',
      },
      landing: {
        products: [
          { key: 'legacy', loginUrl: 'https://old.pillar.example/login' },
          { key: 'pillar', loginUrl: '/login' },
        ],
      },
    });
  });
});
