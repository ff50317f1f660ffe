import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { z } from 'zod';
import { ENVIRONMENTS } from '@pillar/domain';

/** The repository root, so relative defaults do not depend on the working directory. */
export const REPO_ROOT = path.resolve(fileURLToPath(import.meta.url), '../../../..');

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : ['true', '1', 'yes'].includes(v)));

/** Spec 1 §9: "a falsy value falls back to this" — 0 or empty means the default. */
const positiveMs = (fallback: number) =>
  z.coerce
    .number()
    .int()
    .nonnegative()
    .optional()
    .transform((v) => (v ? v : fallback));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  /** The address users reach the portal at; the OIDC issuer and redirects are built from it. */
  PUBLIC_URL: z.url().optional(),
  PILLAR_ENV: z.enum(ENVIRONMENTS).default('demo'),
  PEN_TEST: bool(false),
  /**
   * Which hops may tell the client's address in X-Forwarded-For: addresses or CIDRs, comma
   * separated ('loopback', 'linklocal' and 'uniquelocal' name those ranges), or 'true' for any.
   * The default trusts proxies on private networks only, so a client on the internet cannot
   * choose the address that sign-in lockouts, throttles and the audit log see.
   */
  TRUST_PROXY: z.string().trim().min(1).default('loopback,linklocal,uniquelocal'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),

  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('data'),
  PGLITE_DIR: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().positive().default(10),
  /**
   * Prepare parameterised statements per connection (plans reused). Turn off behind a pooler
   * that shares server connections between clients without tracking them (PgBouncer's
   * transaction mode before 1.21).
   */
  DATABASE_PREPARED_STATEMENTS: bool(true),

  /** Base64 of 32 bytes; generated into the data directory when unset. */
  SSN_ENCRYPTION_KEY: z.string().optional(),

  /** Where uploaded files go: file:///path (encrypted folder) or s3://bucket/prefix?endpoint=&region=. */
  STORAGE_URL: z
    .string()
    .regex(/^(file|s3):\/\//, 'STORAGE_URL must start with file:// or s3://')
    .optional(),
  /** Largest file an upload may carry, in bytes (200 MB). */
  FILE_MAX_BYTES: z.coerce.number().int().positive().default(209_715_200),

  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_AUDIENCE: z.string().optional(),
  OIDC_SCOPE: z.string().default('openid profile email'),
  /** JSON object of extra authorize parameters for an external issuer, e.g. {"audience":"..."}. */
  OIDC_EXTRA_QUERY: z.string().optional(),
  /** Claim of an external issuer's access token that holds the user's e-mail. */
  OIDC_EMAIL_CLAIM: z.string().default('email'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(3600),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  LOGIN_LOCKOUT_MINUTES: z.coerce.number().int().positive().default(15),

  SESSION_TIMEOUT_MS: positiveMs(300_000),
  INTERNAL_SESSION_TIMEOUT_MS: positiveMs(3_600_000),
  INACTIVITY_WARNING_MS: positiveMs(120_000),

  FEEDBACK_URL: z.string().default('https://github.com/pillar-portal/pillar/discussions'),
  TERMS_URL: z.string().default('/terms'),

  /** The access-end banner (spec 2 §1): last day of access per user kind, and where to go next. */
  ACCESS_END_BANNER: bool(true),
  ACCESS_END_DATE_INTERNAL: z.iso.date().default('2024-12-31'),
  ACCESS_END_DATE_EXTERNAL: z.iso.date().default('2024-11-27'),
  NEWER_PORTAL_URL: z.string().default('https://admin.pillar.example'),
  NEWER_PORTAL_NAME: z.string().default('the new admin portal'),
  /** The landing page's two products (spec 2 §1): the legacy portal and this one. */
  LEGACY_PORTAL_TITLE: z.string().default('Legacy Portal'),
  LEGACY_PORTAL_LOGIN_URL: z.string().default('https://legacy.pillar.example/login'),
  PORTAL_LOGIN_URL: z.string().default('/login'),
  /** How long a password-reset link and an invitation (set-your-password) link stay valid. */
  PASSWORD_RESET_TTL_MINUTES: z.coerce.number().int().positive().default(60),
  INVITATION_TTL_HOURS: z.coerce.number().int().positive().default(72),
  /** Member-portal accounts whose blocks agents lift: built-in store, or Auth0's Management API. */
  MEMBER_PORTAL_PROVIDER: z.enum(['builtin', 'auth0']).default('builtin'),
  AUTH0_DOMAIN: z.string().optional(),
  AUTH0_CLIENT_ID: z.string().optional(),
  AUTH0_CLIENT_SECRET: z.string().optional(),
  /**
   * The prior-authorization system (Agadia): only the built-in one in our database exists (decision
   * 0096); PRIOR_AUTH_SIMULATE_OUTAGE makes it answer like an unreachable system (502).
   */
  PRIOR_AUTH_PROVIDER: z.enum(['builtin']).default('builtin'),
  PRIOR_AUTH_SIMULATE_OUTAGE: bool(false),
  /**
   * The CRM (Salesforce) of the evaluate area (decision 0114): the built-in store in our database,
   * or Salesforce's REST API (jsforce) signed in with an access token and instance URL, or a
   * username and password (plus security token, and a connected app's client ID and secret for
   * OAuth) at the login URL. CRM_SIMULATE_OUTAGE makes the built-in one fail (502).
   */
  CRM_PROVIDER: z.enum(['builtin', 'salesforce']).default('builtin'),
  CRM_SIMULATE_OUTAGE: bool(false),
  SALESFORCE_LOGIN_URL: z.string().default('https://login.salesforce.com'),
  SALESFORCE_API_VERSION: z
    .string()
    .regex(/^\d+\.\d$/u)
    .default('62.0'),
  SALESFORCE_INSTANCE_URL: z.string().optional(),
  SALESFORCE_ACCESS_TOKEN: z.string().optional(),
  SALESFORCE_USERNAME: z.string().optional(),
  SALESFORCE_PASSWORD: z.string().optional(),
  SALESFORCE_SECURITY_TOKEN: z.string().optional(),
  SALESFORCE_CLIENT_ID: z.string().optional(),
  SALESFORCE_CLIENT_SECRET: z.string().optional(),

  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Pillar <no-reply@pillar.example>'),

  /** Load demo data into an empty database on start. */
  SEED_DEMO: bool(true),
  WEB_DIST: z.string().optional(),
  /** The help centre's guides, videos and manifest.json, served at /help-content. */
  HELP_DIR: z.string().default('content/help'),
  /** Run job workers in this process (the `start` and `worker` sub-commands). */
  RUN_WORKERS: bool(true),
});

/** How the Salesforce CRM adapter signs in and which API version it speaks (decision 0114). */
export interface SalesforceSettings {
  loginUrl: string;
  apiVersion: string;
  instanceUrl?: string | undefined;
  accessToken?: string | undefined;
  username?: string | undefined;
  /** The password with the security token appended. */
  password?: string | undefined;
  clientId?: string | undefined;
  clientSecret?: string | undefined;
}

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  environment: (typeof ENVIRONMENTS)[number];
  penTest: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Fastify's trustProxy: true, or the trusted hops as a comma-separated list. */
  trustProxy: true | string;
  database: {
    url?: string;
    pgliteDir: string;
    poolSize: number;
    /** PostgreSQL: prepare parameterised statements (default true). */
    preparedStatements?: boolean;
  };
  dataDir: string;
  ssnEncryptionKey?: string;
  /** File storage: `file://` folder (default `$DATA_DIR/files`) or `s3://bucket`. */
  storage: { url: string; fileMaxBytes: number };
  oidc: {
    /** True when our own provider under /oidc issues the tokens. */
    builtIn: boolean;
    issuer: string;
    clientId: string;
    audience: string;
    scope: string;
    extraQueryParams: Record<string, string>;
    emailClaim: string;
    accessTokenTtlSeconds: number;
  };
  login: { maxFailures: number; lockoutMinutes: number };
  session: { timeoutMs: number; internalTimeoutMs: number; warningMs: number };
  links: { feedback: string; terms: string };
  accessEnd: {
    enabled: boolean;
    internal: string;
    external: string;
    newerPortalUrl: string;
    newerPortalName: string;
  };
  landing: { legacyTitle: string; legacyLoginUrl: string; loginUrl: string };
  passwordReset: { resetTtlMinutes: number; invitationTtlHours: number };
  memberPortal: {
    provider: 'builtin' | 'auth0';
    auth0?: { domain: string; clientId: string; clientSecret: string };
  };
  priorAuth: { provider: 'builtin'; simulateOutage: boolean };
  crm:
    | { provider: 'builtin'; simulateOutage: boolean }
    | { provider: 'salesforce'; simulateOutage: false; salesforce: SalesforceSettings };
  mail: { smtpUrl?: string; from: string };
  seedDemo: boolean;
  runWorkers: boolean;
  webDist: string;
  /** Folder of the help content (manifest.json, PDFs, videos), replaceable without a rebuild. */
  helpDir: string;
}

export class ConfigError extends Error {}

function memberPortalConfig(e: z.infer<typeof envSchema>): Config['memberPortal'] {
  if (e.MEMBER_PORTAL_PROVIDER === 'builtin') return { provider: 'builtin' };
  if (!e.AUTH0_DOMAIN || !e.AUTH0_CLIENT_ID || !e.AUTH0_CLIENT_SECRET) {
    throw new ConfigError(
      'MEMBER_PORTAL_PROVIDER=auth0 needs AUTH0_DOMAIN, AUTH0_CLIENT_ID and AUTH0_CLIENT_SECRET',
    );
  }
  return {
    provider: 'auth0',
    auth0: {
      domain: e.AUTH0_DOMAIN,
      clientId: e.AUTH0_CLIENT_ID,
      clientSecret: e.AUTH0_CLIENT_SECRET,
    },
  };
}

function crmConfig(e: z.infer<typeof envSchema>): Config['crm'] {
  if (e.CRM_PROVIDER === 'builtin') {
    return { provider: 'builtin', simulateOutage: e.CRM_SIMULATE_OUTAGE };
  }
  const token = !!(e.SALESFORCE_ACCESS_TOKEN && e.SALESFORCE_INSTANCE_URL);
  const login = !!(e.SALESFORCE_USERNAME && e.SALESFORCE_PASSWORD);
  if (!token && !login) {
    throw new ConfigError(
      'CRM_PROVIDER=salesforce needs SALESFORCE_ACCESS_TOKEN and SALESFORCE_INSTANCE_URL, or SALESFORCE_USERNAME and SALESFORCE_PASSWORD',
    );
  }
  return {
    provider: 'salesforce',
    simulateOutage: false,
    salesforce: {
      loginUrl: e.SALESFORCE_LOGIN_URL.replace(/\/$/u, ''),
      apiVersion: e.SALESFORCE_API_VERSION,
      instanceUrl: e.SALESFORCE_INSTANCE_URL,
      accessToken: e.SALESFORCE_ACCESS_TOKEN,
      username: e.SALESFORCE_USERNAME,
      // Salesforce takes the security token appended to the password.
      password:
        e.SALESFORCE_PASSWORD === undefined
          ? undefined
          : `${e.SALESFORCE_PASSWORD}${e.SALESFORCE_SECURITY_TOKEN ?? ''}`,
      clientId: e.SALESFORCE_CLIENT_ID,
      clientSecret: e.SALESFORCE_CLIENT_SECRET,
    },
  };
}

/** Reads the environment once; every other module takes the typed result. */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<Config> = {},
): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const dataDir = path.resolve(REPO_ROOT, e.DATA_DIR);
  const external = !!e.OIDC_ISSUER;
  if (external && (!e.OIDC_CLIENT_ID || !e.OIDC_AUDIENCE)) {
    throw new ConfigError('OIDC_ISSUER needs OIDC_CLIENT_ID and OIDC_AUDIENCE as well');
  }
  let extraQueryParams: Record<string, string> = {};
  if (e.OIDC_EXTRA_QUERY) {
    try {
      extraQueryParams = z.record(z.string(), z.string()).parse(JSON.parse(e.OIDC_EXTRA_QUERY));
    } catch {
      throw new ConfigError('OIDC_EXTRA_QUERY must be a JSON object of strings');
    }
  }
  const audience = e.OIDC_AUDIENCE ?? 'urn:pillar:api';
  const config: Config = {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    environment: e.PILLAR_ENV,
    penTest: e.PEN_TEST,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY === 'true' ? true : e.TRUST_PROXY,
    database: {
      url: e.DATABASE_URL || undefined,
      pgliteDir: path.resolve(REPO_ROOT, e.PGLITE_DIR ?? path.join(e.DATA_DIR, 'db')),
      poolSize: e.DATABASE_POOL_SIZE,
      preparedStatements: e.DATABASE_PREPARED_STATEMENTS,
    },
    dataDir,
    ssnEncryptionKey: e.SSN_ENCRYPTION_KEY,
    storage: {
      url: e.STORAGE_URL ?? pathToFileURL(path.join(dataDir, 'files')).href,
      fileMaxBytes: e.FILE_MAX_BYTES,
    },
    oidc: {
      builtIn: !external,
      issuer: external ? e.OIDC_ISSUER!.replace(/\/$/, '') : `${publicUrl}/oidc`,
      clientId: e.OIDC_CLIENT_ID ?? 'pillar-web',
      audience,
      scope: e.OIDC_SCOPE,
      // Our provider takes the audience as an RFC 8707 resource indicator.
      extraQueryParams: external ? extraQueryParams : { resource: audience, ...extraQueryParams },
      emailClaim: e.OIDC_EMAIL_CLAIM,
      accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    },
    login: { maxFailures: e.LOGIN_MAX_FAILURES, lockoutMinutes: e.LOGIN_LOCKOUT_MINUTES },
    session: {
      timeoutMs: e.SESSION_TIMEOUT_MS,
      internalTimeoutMs: e.INTERNAL_SESSION_TIMEOUT_MS,
      warningMs: e.INACTIVITY_WARNING_MS,
    },
    links: { feedback: e.FEEDBACK_URL, terms: e.TERMS_URL },
    accessEnd: {
      enabled: e.ACCESS_END_BANNER,
      internal: e.ACCESS_END_DATE_INTERNAL,
      external: e.ACCESS_END_DATE_EXTERNAL,
      newerPortalUrl: e.NEWER_PORTAL_URL,
      newerPortalName: e.NEWER_PORTAL_NAME,
    },
    landing: {
      legacyTitle: e.LEGACY_PORTAL_TITLE,
      legacyLoginUrl: e.LEGACY_PORTAL_LOGIN_URL,
      loginUrl: e.PORTAL_LOGIN_URL,
    },
    passwordReset: {
      resetTtlMinutes: e.PASSWORD_RESET_TTL_MINUTES,
      invitationTtlHours: e.INVITATION_TTL_HOURS,
    },
    memberPortal: memberPortalConfig(e),
    priorAuth: { provider: e.PRIOR_AUTH_PROVIDER, simulateOutage: e.PRIOR_AUTH_SIMULATE_OUTAGE },
    crm: crmConfig(e),
    mail: { smtpUrl: e.SMTP_URL || undefined, from: e.MAIL_FROM },
    seedDemo: e.SEED_DEMO,
    runWorkers: e.RUN_WORKERS,
    webDist: path.resolve(REPO_ROOT, e.WEB_DIST ?? 'apps/web/dist'),
    helpDir: path.resolve(REPO_ROOT, e.HELP_DIR),
  };
  return { ...config, ...overrides };
}
