import { AxeBuilder } from '@axe-core/playwright';
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import {
  DEMO_PASSWORD,
  persona,
  type Persona,
  type PersonaKey,
} from '../apps/server/src/seed/personas.ts';
import {
  captureSession,
  isStillGood,
  restoreSession,
  type KeptSession,
} from './helpers/kept-session.ts';

export { expect };
export type { PersonaKey };

/** The text the built-in identity provider's login page shows (apps/server/.../login-page.ts). */
export const LOGIN_PAGE_TITLE = 'Sign in to Pillar';

/** True for the pages of the sign-in round trip, which are not the page a test asked for. */
function isSignInStep(url: URL): boolean {
  return (
    url.pathname.startsWith('/oidc') ||
    url.pathname === '/login' ||
    url.pathname.startsWith('/login/')
  );
}

async function waitForLoginPage(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/oidc\/interaction\/[^/]+/);
  await expect(page).toHaveTitle(LOGIN_PAGE_TITLE);
  await expect(page.getByRole('heading', { name: LOGIN_PAGE_TITLE })).toBeVisible();
}

/** Waits until the built-in identity provider's login page is shown, and checks it with axe. */
export async function expectLoginPage(page: Page): Promise<void> {
  await waitForLoginPage(page);
  await expectNoSeriousA11yViolations(page);
}

/** Types a persona's credentials into the login page that is showing and submits them. */
export async function submitLogin(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

export interface SignInOptions {
  /** Where to start; a signed-out visit sends the browser to the login page and back. */
  path?: string;
  /**
   * Always go through the login page with a session of the test's own, never one kept from an
   * earlier test. For tests of sign-in itself, logout, the inactivity timeout (a fake clock
   * renews tokens and ends sessions) and anything else that ends or relies on a new session.
   */
  throughLoginPage?: boolean;
}

/**
 * Sessions kept for reuse, one per persona. Module state, so one set per Playwright worker
 * process: two workers never share a session, so never a refresh token (decision 0091).
 */
const keptSessions = new Map<PersonaKey, KeptSession>();
/** Personas whose login page this worker has checked with axe. */
const loginPageCheckedFor = new Set<PersonaKey>();

/**
 * Signs a seeded persona in and resolves once the signed-in shell shows the persona's name.
 *
 * The first time in a worker (and whenever the kept session is no longer good) it goes through
 * the real OpenID Connect round trip: the app redirects to the provider's login page, the form
 * is filled like a user would, and the provider returns through /login/callback. The session
 * that yields is kept, and later calls for the same persona put it into the test's browser
 * context (its cookies and the app's `oidc.user:*` entry) and open `path` directly, after one
 * API call has shown the server still accepts it. The rules are in helpers/kept-session.ts.
 */
export async function signIn(
  page: Page,
  key: PersonaKey,
  options: SignInOptions = {},
): Promise<Persona> {
  const who = persona(key);
  const path = options.path ?? '/home';
  const context = page.context();
  if (!options.throughLoginPage) {
    const kept = keptSessions.get(key);
    if (kept && (await isStillGood(page.request, kept))) {
      await restoreSession(context, kept);
      await page.goto(path);
      await expect(userMenuButton(page, who)).toBeVisible();
      useKeptSession(key, context);
      return who;
    }
    keptSessions.delete(key);
  }

  await page.goto(path);
  // The login page is the same static HTML for everyone; axe checks it at each persona's first
  // sign-in in a worker. expectLoginPage() always checks it.
  if (loginPageCheckedFor.has(key)) await waitForLoginPage(page);
  else await expectLoginPage(page);
  loginPageCheckedFor.add(key);
  await submitLogin(page, who.username, DEMO_PASSWORD);
  await page.waitForURL((url) => !isSignInStep(url));
  await expect(userMenuButton(page, who)).toBeVisible();
  if (!options.throughLoginPage) {
    const captured = await captureSession(context);
    if (captured) keptSessions.set(key, captured);
    useKeptSession(key, context);
  }
  return who;
}

/** The sessions this test took from or gave to keptSessions, saved again when it ends. */
const sessionsInUse: { key: PersonaKey; context: BrowserContext }[] = [];
const closedContexts = new WeakSet<BrowserContext>();

function useKeptSession(key: PersonaKey, context: BrowserContext): void {
  sessionsInUse.push({ key, context });
  context.once('close', () => closedContexts.add(context));
}

/**
 * After a test: each kept session it used is saved again as the browser left it, so a refresh
 * token the app rotated during the test replaces the one it used (the old one is spent, and
 * presenting it again would end the session as a replay). A session the browser no longer holds
 * (logged out, signed in as someone else) or a context the test closed is forgotten, and the
 * persona's next test signs in again.
 */
async function saveSessionsInUse(): Promise<void> {
  for (const { key, context } of sessionsInUse.splice(0)) {
    const kept = keptSessions.get(key);
    if (!kept) continue;
    const now = closedContexts.has(context) ? null : await captureSession(context);
    if (now && now.subject === kept.subject) keptSessions.set(key, now);
    else keptSessions.delete(key);
  }
}

/** The header's user menu, labelled with the signed-in user's name. */
export function userMenuButton(page: Page, who: Persona) {
  return page.getByRole('banner').getByRole('button', { name: `${who.firstName} ${who.lastName}` });
}

/** The side navigation landmark. */
export function sideNavigation(page: Page) {
  return page.getByRole('navigation', { name: 'Main navigation' });
}

/** Opens the user menu and chooses Logout. */
export async function logOut(page: Page, who: Persona): Promise<void> {
  await userMenuButton(page, who).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
}

/**
 * Waits for running CSS transitions and finite animations (a hover colour fading in, a modal
 * zooming open) to end, so axe judges what the user ends up seeing rather than a blend caught
 * halfway, which would make colour-contrast results depend on timing. Looping animations such
 * as spinners are left alone.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/**
 * Runs axe on the page as it is now and fails on any serious or critical violation, listing
 * each rule, what it asks for and the elements that break it. Wait for the page's content with
 * a web-first assertion first, so axe sees the settled page rather than a spinner.
 */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  await settleAnimations(page);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  const report = serious
    .map((violation) => {
      const nodes = violation.nodes
        .map((node) => {
          const summary = node.failureSummary?.replace(/\n/g, '\n        ') ?? '';
          return `    - ${node.target.join(' ')}\n        ${summary}`;
        })
        .join('\n');
      return `  ${violation.id} (${violation.impact}): ${violation.help}\n  ${violation.helpUrl}\n${nodes}`;
    })
    .join('\n\n');
  expect(serious.length, `Serious accessibility violations on ${page.url()}:\n${report}`).toBe(0);
}

/** The access token the signed-in app holds, for cross-checking what a page shows with the API. */
export async function accessTokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    for (let i = 0; i < window.localStorage.length; i += 1) {
      const key = window.localStorage.key(i);
      if (!key?.startsWith('oidc.user:')) continue;
      const stored = JSON.parse(window.localStorage.getItem(key) ?? '{}') as {
        access_token?: string;
      };
      if (stored.access_token) return stored.access_token;
    }
    return null;
  });
  if (!token) throw new Error('No signed-in user is stored in this page');
  return token;
}

/** Calls the portal API as the user signed in on this page. */
export async function apiGet<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path, {
    headers: { Authorization: `Bearer ${await accessTokenOf(page)}` },
  });
  expect(response.ok(), `GET ${path} answered ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

export interface BrowserErrors {
  /**
   * Declares a console error the test provokes on purpose, such as the browser's own
   * 'Failed to load resource' line for a 404 the test asks for. Anything else still fails.
   */
  allow(pattern: RegExp): void;
}

interface Options {
  /**
   * Whether the home page's guided tour (spec 1 §2) has already been seen, so it does not cover
   * the page in tests about something else. A test of the tour itself sets it to false.
   */
  homeTourSeen: boolean;
}

interface Fixtures {
  browserErrors: BrowserErrors;
  seedTourState: void;
  saveKeptSessions: void;
}

/** Where the web app keeps the home tour's progress (apps/web/src/shared/tour). */
export const HOME_TOUR_STORAGE_KEY = 'pillar.tour.home';

/**
 * The home tour counted as seen in `target` (the test's page, or a context a test opens for a
 * second user), so it does not cover the page; only when nothing is stored yet, so what the
 * app itself writes later is kept.
 */
export async function markHomeTourSeen(target: Page | BrowserContext): Promise<void> {
  await target.addInitScript((key) => {
    // The script runs in every frame; one without storage (the PBC's PDF viewer on a blob: URL)
    // has nothing to prime.
    const storage = window.localStorage as Storage | null;
    if (storage && storage.getItem(key) === null) storage.setItem(key, 'seen');
  }, HOME_TOUR_STORAGE_KEY);
}

export const test = base.extend<Fixtures & Options>({
  homeTourSeen: [true, { option: true }],
  // Depends on the context so that it ends first, while the test's browser is still open.
  saveKeptSessions: [
    async ({ context }, use) => {
      void context;
      sessionsInUse.length = 0;
      await use();
      await saveSessionsInUse();
    },
    { auto: true },
  ],
  seedTourState: [
    async ({ page, homeTourSeen }, use) => {
      if (homeTourSeen) await markHomeTourSeen(page);
      await use();
    },
    { auto: true },
  ],
  // Fails the test on any uncaught exception or console error in the page, after the test
  // body has run, listing each one with where it came from.
  browserErrors: [
    async ({ page }, use) => {
      const problems: string[] = [];
      const allowed: RegExp[] = [];
      // Every page of the test's context: the test's own and any tab it opens.
      const watch = (watched: Page) => {
        watched.on('pageerror', (error) => {
          problems.push(`uncaught ${error.stack ?? `${error.name}: ${error.message}`}`);
        });
        watched.on('console', (message) => {
          if (message.type() !== 'error') return;
          const { url, lineNumber } = message.location();
          problems.push(
            `console.error: ${message.text()} (${url}:${lineNumber}) on ${watched.url()}`,
          );
        });
      };
      watch(page);
      page.context().on('page', watch);
      await use({ allow: (pattern) => allowed.push(pattern) });
      const unexpected = problems.filter((problem) => !allowed.some((re) => re.test(problem)));
      expect(unexpected, `Errors in the page:\n${unexpected.join('\n')}`).toEqual([]);
    },
    { auto: true },
  ],
});
