// `npm run test:scaling`: two API processes and two job workers on one PostgreSQL database
// (docs/scaling.md, design.md §7), proving that what one process does holds on the other:
// sessions, sign-in throttling, job claims and the verified-token cache.
//
// PGlite cannot be shared between processes, so this needs PostgreSQL: DATABASE_URL names a
// server (default postgres://postgres@127.0.0.1:5432/postgres) on which the test creates a
// database of its own and drops it at the end. Every wait is bounded, and every child process
// is stopped however the test ends (failure, Ctrl-C, the overall deadline).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config.ts';
import { ADDRESS_FREE_FAILURES } from '../apps/server/src/platform/auth/oidc/sign-in-throttle.ts';
import { DEMO_PASSWORD, persona } from '../apps/server/src/seed/personas.ts';
import { Browser, callApi, type OidcClient, type Tokens } from './scaling-browser.ts';
import {
  freePort,
  killAllNow,
  startChild,
  stopAll,
  waitForExit,
  waitForHealth,
  type Child,
} from './scaling-processes.ts';
import { startSmtpSink, type SmtpSink } from './scaling-smtp-sink.ts';

const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** The whole run, start to clean-up; past it the test fails and stops everything. */
const DEADLINE_MS = 8 * 60_000;
const START_TIMEOUT_MS = 120_000;
const SEED_TIMEOUT_MS = 300_000;
/** How long queued mail may take to arrive with two workers polling. */
const MAIL_TIMEOUT_MS = 90_000;
const PROFILE = '/authorization/v1/userprofile';

interface Cluster {
  /** The two API processes' addresses; `apis[0]` doubles as the public (load balancer's) URL. */
  apis: [string, string];
  client: OidcClient;
  workers: Child[];
  children: Child[];
  sink: SmtpSink;
  db: pg.Client;
}

function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

async function within<T>(what: string, ms: number, work: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([work(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Signs `email` in with every step on the process after the one before (A, B, A, ...). */
async function signIn(
  cluster: Cluster,
  email: string,
  startOn: 0 | 1 = 0,
): Promise<{ browser: Browser; tokens: Tokens }> {
  const [a, b] = startOn === 0 ? cluster.apis : [cluster.apis[1], cluster.apis[0]];
  const browser = new Browser(cluster.client);
  const loginPath = await browser.openLoginPage([a, b]);
  const { code, status } = await browser.submitLogin([b, a], loginPath, email, DEMO_PASSWORD);
  assert(code, `${email}: the sign-in gave no code (answer ${status})`);
  return { browser, tokens: await browser.exchange(a, code) };
}

/** Both processes answer `status` to the token (in turn, A then B). */
async function expectEverywhere(cluster: Cluster, token: string, status: number, what: string) {
  for (const api of cluster.apis) {
    const answer = await callApi(api, token, PROFILE);
    assert(answer === status, `${api} answered ${answer}, not ${status}: ${what}`);
  }
}

/** The session a token belongs to (its `sid` claim), read without verifying: the test made it. */
function sessionOf(token: string): string {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    sid?: string;
  };
  assert(payload.sid, 'the access token names no session (sid)');
  return payload.sid;
}

// ---------------------------------------------------------------------------------------------
// The cases. Each names what it proves; a failure stops the run with that name.

/**
 * A sign-in begun on one process continues on the other, its token works on both, and its
 * refresh token renews the session on the process that did not issue it.
 */
async function sessionsCrossProcesses(cluster: Cluster): Promise<void> {
  const { browser, tokens } = await signIn(cluster, persona('accountManager').username, 0);
  await expectEverywhere(cluster, tokens.access, 200, 'a token from the other process');
  assert(tokens.refresh, 'the sign-in gave no refresh token');
  const renewed = await browser.refresh(cluster.apis[1], tokens.refresh);
  assert(
    renewed.status === 200 && renewed.access,
    `B refused A's refresh token (${renewed.status})`,
  );
  await expectEverywhere(cluster, renewed.access, 200, 'a token renewed on the other process');
  // And the other way round: begun on B, finished on A, exchanged on B.
  const other = await signIn(cluster, persona('agent').username, 1);
  await expectEverywhere(cluster, other.tokens.access, 200, 'a sign-in begun on B');
}

/** Logout through one process ends the session on both, though both had cached its token. */
async function logoutEndsSessionEverywhere(cluster: Cluster): Promise<void> {
  const { browser, tokens } = await signIn(cluster, persona('dataMapper').username, 0);
  await expectEverywhere(cluster, tokens.access, 200, 'before the logout');
  const status = await browser.logout(cluster.apis[1], tokens.id);
  assert(status === 303 || status === 302, `the logout on B answered ${status}`);
  await expectEverywhere(cluster, tokens.access, 401, 'a token of a session logged out on B');
  assert(tokens.refresh, 'the sign-in gave no refresh token');
  const renewed = await browser.refresh(cluster.apis[0], tokens.refresh);
  assert(renewed.status === 400, `A renewed a session logged out on B (${renewed.status})`);
}

/**
 * The idle timeout is the database's, not a process's: a session last used (on A) longer ago
 * than an external user's limit is refused on B too. The idleness is written into the session
 * row, as the session tests do, rather than waited for (300 s and more).
 */
async function idleTimeoutHoldsEverywhere(cluster: Cluster): Promise<void> {
  const { tokens } = await signIn(cluster, persona('clientNoSsn').username, 0);
  assert(
    (await callApi(cluster.apis[0], tokens.access, PROFILE)) === 200,
    'A refused a fresh token',
  );
  const updated = await cluster.db.query(
    `update auth_session set last_seen_at = now() - make_interval(secs => 3 * 3600)
      where session_id = $1`,
    [sessionOf(tokens.access)],
  );
  assert(updated.rowCount === 1, 'the first use on A recorded no session');
  await expectEverywhere(cluster, tokens.access, 401, 'a session idle past the timeout');
}

/**
 * Failed sign-ins count across processes: failures split between A and B (fewer than the limit
 * on either alone) lock the account on both.
 */
async function throttleCountsAcrossProcesses(cluster: Cluster): Promise<void> {
  const email = persona('broker').username;
  const limit = loadConfig({ ...process.env, DATABASE_URL: undefined }).login.maxFailures;
  // First, the right password works on each process, so the refusals below are the lock's.
  for (const api of cluster.apis) {
    const browser = new Browser(cluster.client);
    const loginPath = await browser.openLoginPage([api]);
    const { code } = await browser.submitLogin([api], loginPath, email, DEMO_PASSWORD);
    assert(code, `${api} did not sign ${email} in before any failure`);
  }
  for (let attempt = 0; attempt < limit; attempt++) {
    const api = cluster.apis[attempt % 2]!;
    const browser = new Browser(cluster.client);
    const loginPath = await browser.openLoginPage([api]);
    const { code } = await browser.submitLogin([api], loginPath, email, 'Wrong-Password-1!');
    assert(!code, `a wrong password signed ${email} in on ${api}`);
  }
  for (const api of cluster.apis) {
    const browser = new Browser(cluster.client);
    const loginPath = await browser.openLoginPage([api]);
    const { code } = await browser.submitLogin([api], loginPath, email, DEMO_PASSWORD);
    assert(
      !code,
      `after ${limit} failures split across both processes, ${api} still signed ${email} in`,
    );
  }
}

/**
 * Failures from one address count together across processes: ten wrong tries for ten different
 * (unknown) accounts, split between A and B, throttle that address on both, for a real account
 * with its right password too; the same account from another address still signs in.
 */
async function addressThrottleAcrossProcesses(cluster: Cluster): Promise<void> {
  // Documentation addresses (RFC 5737), only ever written into X-Forwarded-For.
  const attacker = '203.0.113.77';
  const owner = '198.51.100.20';
  const email = persona('financialAnalyst').username;
  for (let attempt = 0; attempt < ADDRESS_FREE_FAILURES; attempt++) {
    const api = cluster.apis[attempt % 2]!;
    const browser = new Browser(cluster.client, attacker);
    const loginPath = await browser.openLoginPage([api]);
    const { code } = await browser.submitLogin(
      [api],
      loginPath,
      `nobody-${attempt}@scaling.example`,
      'Wrong-Password-1!',
    );
    assert(!code, `an unknown account signed in on ${api}`);
  }
  const counted = await cluster.db.query<{ n: string }>(
    'select count(*) as n from sign_in_failure where address = $1',
    [attacker],
  );
  assert(
    Number(counted.rows[0]!.n) === ADDRESS_FREE_FAILURES,
    `${counted.rows[0]!.n} failures were recorded for ${ADDRESS_FREE_FAILURES} tries on A and B`,
  );
  // The delay after the tenth failure is a second; dating the failures a minute ahead stands in
  // for "at once", so a slow machine cannot let the next try slip past the delay.
  await cluster.db.query(
    `update sign_in_failure set created_at = now() + interval '60 seconds' where address = $1`,
    [attacker],
  );
  for (const api of cluster.apis) {
    const browser = new Browser(cluster.client, attacker);
    const loginPath = await browser.openLoginPage([api]);
    const { code } = await browser.submitLogin([api], loginPath, email, DEMO_PASSWORD);
    assert(!code, `${api} let the throttled address sign ${email} in`);
  }
  const refused = await cluster.db.query<{ n: string }>(
    `select count(*) as n from audit_log
      where action = 'login.locked' and detail->>'ip' = $1 and detail->>'reason' = 'address_throttled'`,
    [attacker],
  );
  assert(
    Number(refused.rows[0]!.n) === 2,
    `${refused.rows[0]!.n} attempts were refused as address_throttled, not 2`,
  );
  const browser = new Browser(cluster.client, owner);
  const loginPath = await browser.openLoginPage([cluster.apis[0]]);
  const { code } = await browser.submitLogin([cluster.apis[0]], loginPath, email, DEMO_PASSWORD);
  assert(code, `${email} could not sign in from another address while ${attacker} is throttled`);
}

/**
 * The verified-token cache remembers a token's signature, never the user: once an administrator
 * deactivates the user, both processes refuse the token at once, although both had verified it.
 */
async function cacheDoesNotOutliveDeactivation(cluster: Cluster): Promise<void> {
  const email = persona('client').username;
  const token = (await signIn(cluster, email, 1)).tokens.access;
  await expectEverywhere(cluster, token, 200, 'a fresh token');
  await cluster.db.query('update app_user set active = false where lower(username) = lower($1)', [
    email,
  ]);
  for (const api of cluster.apis) {
    const status = await callApi(api, token, PROFILE);
    assert(status === 401, `${api} answered ${status} to a deactivated user's cached token`);
  }
}

/** Mail queued through either API process is delivered exactly once by the two workers. */
async function jobsClaimedOnce(cluster: Cluster): Promise<void> {
  const email = persona('financialAnalyst').username;
  const token = (await signIn(cluster, email, 0)).tokens.access;
  const count = 12;
  for (let i = 0; i < count; i++) {
    const api = cluster.apis[i % 2]!;
    const status = await callApi(api, token, `${PROFILE}/password-reset`, 'POST');
    assert(status === 200, `${api} answered ${status} to a password-reset request`);
  }
  const mine = () =>
    cluster.sink.messages.filter(
      (m) => m.includes(email) && /^Subject: Reset your Pillar password/m.test(m),
    );
  const deadline = Date.now() + MAIL_TIMEOUT_MS;
  while (mine().length < count) {
    assert(Date.now() < deadline, `only ${mine().length} of ${count} mails arrived`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  // Both workers poll the same queue; give a second claim of any job time to show up.
  const settled = Date.now() + 5_000;
  while (Date.now() < settled) await new Promise((resolve) => setTimeout(resolve, 250));
  assert(mine().length === count, `${mine().length} mails arrived for ${count} queued`);
  const outbox = await cluster.db.query<{ status: string; n: string }>(
    `select status, count(*) as n from mail_outbox
      where $1 = any(to_addresses) and subject = 'Reset your Pillar password' group by status`,
    [email],
  );
  assert(
    outbox.rows.length === 1 &&
      outbox.rows[0]!.status === 'sent' &&
      Number(outbox.rows[0]!.n) === count,
    `the outbox holds ${JSON.stringify(outbox.rows)}, not ${count} sent`,
  );
  for (const worker of cluster.workers) {
    assert(worker.process.exitCode === null, `${worker.name} exited`);
  }
}

const CASES: [string, (cluster: Cluster) => Promise<void>][] = [
  [
    'sessions: a sign-in, its token and its refresh work across both processes',
    sessionsCrossProcesses,
  ],
  ['sessions: logout on one process ends the session on both', logoutEndsSessionEverywhere],
  ['sessions: the idle timeout holds on both processes', idleTimeoutHoldsEverywhere],
  ['throttles: failed sign-ins on both processes count together', throttleCountsAcrossProcesses],
  [
    'throttles: failures from one address on both processes slow that address',
    addressThrottleAcrossProcesses,
  ],
  ['caches: a deactivated user is refused on both processes', cacheDoesNotOutliveDeactivation],
  ['job claims: mail queued on both is delivered exactly once', jobsClaimedOnce],
];

// ---------------------------------------------------------------------------------------------
// The cluster

async function createDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `pillar_scaling_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 10_000 });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({
        connectionString: ADMIN_URL,
        connectionTimeoutMillis: 10_000,
      });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

async function startCluster(databaseUrl: string, dataDir: string, sink: SmtpSink) {
  const [portA, portB] = [await freePort(), await freePort()];
  const publicUrl = `http://127.0.0.1:${portA}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    // One data directory stands in for the shared secrets (signing and cookie keys) that every
    // process of a deployment is given; files go to storage the same way.
    DATA_DIR: dataDir,
    PGLITE_DIR: undefined,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    // The address users reach (a load balancer's): the issuer and redirect URI of both processes.
    PUBLIC_URL: publicUrl,
    SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
    DATABASE_POOL_SIZE: '4',
  };
  const seed = startChild('seed', ['seed', '--organizations', '4'], env);
  const seeded = await waitForExit(seed, SEED_TIMEOUT_MS);
  if (seeded !== 0) throw new Error(`seeding failed (code ${seeded}):\n${seed.output.join('')}`);

  const apiA = startChild('api A', ['api'], { ...env, PORT: String(portA) });
  const apiB = startChild('api B', ['api'], { ...env, PORT: String(portB) });
  const workers = [
    startChild('worker 1', ['worker'], { ...env, PORT: String(await freePort()) }),
    startChild('worker 2', ['worker'], { ...env, PORT: String(await freePort()) }),
  ];
  const apis: [string, string] = [publicUrl, `http://127.0.0.1:${portB}`];
  await Promise.all([
    waitForHealth(apiA, apis[0], START_TIMEOUT_MS),
    waitForHealth(apiB, apis[1], START_TIMEOUT_MS),
  ]);
  const config = loadConfig({ ...env, DATABASE_URL: undefined });
  const client: OidcClient = {
    publicUrl,
    clientId: config.oidc.clientId,
    audience: config.oidc.audience,
    scope: config.oidc.scope,
  };
  return { apis, client, workers, children: [seed, apiA, apiB, ...workers] };
}

async function main(): Promise<number> {
  const cleanups: (() => Promise<void>)[] = [];
  let children: Child[] = [];
  const onSignal = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: stopping the processes`);
    killAllNow();
    process.exit(130);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  process.once('exit', killAllNow);
  const deadline = setTimeout(() => {
    console.error(`The scaling test passed its ${DEADLINE_MS / 60_000}-minute deadline.`);
    killAllNow();
    process.exit(1);
  }, DEADLINE_MS);
  deadline.unref();

  let failed = 0;
  try {
    const database = await within('creating the database', 30_000, createDatabase);
    cleanups.push(() => within('dropping the database', 30_000, database.drop));
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pillar-scaling-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const sink = await startSmtpSink(await freePort());
    cleanups.push(() => sink.close());

    console.log('▶ seeding, then starting two API processes and two workers on one database');
    const started = await startCluster(database.url, dataDir, sink);
    children = started.children;
    cleanups.push(() => stopAll());
    const db = new pg.Client({ connectionString: database.url, connectionTimeoutMillis: 10_000 });
    await db.connect();
    cleanups.push(() => db.end());
    const cluster: Cluster = { ...started, sink, db };

    for (const [name, run] of CASES) {
      try {
        await within(name, 120_000, () => run(cluster));
        console.log(`  ✓ ${name}`);
      } catch (error) {
        failed++;
        console.error(`  ✘ ${name}\n    ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  } catch (error) {
    failed++;
    console.error(
      `The scaling test could not run: ${error instanceof Error ? error.stack : String(error)}`,
    );
  } finally {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch (error) {
        failed++;
        console.error(`Clean-up failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    clearTimeout(deadline);
  }
  if (failed > 0 && children.length > 0) {
    for (const child of children) {
      const output = child.output.join('').trim();
      if (output) console.error(`--- ${child.name} (last output)\n${output.slice(-4000)}`);
    }
  }
  console.log(failed === 0 ? '\nScaling test passed.' : `\nScaling test: ${failed} failed.`);
  return failed === 0 ? 0 : 1;
}

process.exitCode = await main();
