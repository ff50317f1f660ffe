import { AxeBuilder } from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import {
  DEMO_PASSWORD,
  persona,
  type Persona,
  type PersonaKey,
} from '../apps/server/src/seed/personas.ts';

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

/**
 * The login page is plain server-rendered HTML, the same for every sign-in, so signIn() has
 * axe check it once per worker rather than before each of the suite's many sign-ins.
 * expectLoginPage() always checks it.
 */
let loginPageChecked = false;

async function waitForLoginPage(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/oidc\/interaction\/[^/]+/);
  await expect(page).toHaveTitle(LOGIN_PAGE_TITLE);
  await expect(page.getByRole('heading', { name: LOGIN_PAGE_TITLE })).toBeVisible();
}

/** Waits until the built-in identity provider's login page is shown, and checks it with axe. */
export async function expectLoginPage(page: Page): Promise<void> {
  await waitForLoginPage(page);
  await expectNoSeriousA11yViolations(page);
  loginPageChecked = true;
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
}

/**
 * Signs a seeded persona in through the real OpenID Connect round trip: the app redirects to
 * the provider's login page, the form is filled like a user would, and the provider returns
 * through /login/callback. Resolves once the signed-in shell shows the persona's name.
 */
export async function signIn(
  page: Page,
  key: PersonaKey,
  options: SignInOptions = {},
): Promise<Persona> {
  const who = persona(key);
  await page.goto(options.path ?? '/home');
  if (loginPageChecked) await waitForLoginPage(page);
  else await expectLoginPage(page);
  await submitLogin(page, who.username, DEMO_PASSWORD);
  await page.waitForURL((url) => !isSignInStep(url));
  await expect(userMenuButton(page, who)).toBeVisible();
  return who;
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
}

/** Where the web app keeps the home tour's progress (apps/web/src/shared/tour). */
export const HOME_TOUR_STORAGE_KEY = 'pillar.tour.home';

export const test = base.extend<Fixtures & Options>({
  homeTourSeen: [true, { option: true }],
  seedTourState: [
    async ({ page, homeTourSeen }, use) => {
      if (homeTourSeen) {
        // Only when nothing is stored yet, so what the app itself writes later is kept.
        await page.addInitScript((key) => {
          if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, 'seen');
        }, HOME_TOUR_STORAGE_KEY);
      }
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
