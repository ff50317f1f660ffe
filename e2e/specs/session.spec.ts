// The inactivity timeout (spec 1 §9, spec 2 §4 "Session"), driven by Playwright's fake clock:
// a warning 120 s before the timeout with a countdown, mouse movement to stay, and logout to
// the origin when it runs out. Brokers and clients time out after 300,000 ms, internal users
// after 3,600,000 ms. Sessions end on the server too (issue 10): logout makes the API refuse the
// session's token at once, and a session that ends in the middle of an edit keeps the form.
import { type Page } from '@playwright/test';
import {
  accessTokenOf,
  expect,
  expectLoginPage,
  expectNoSeriousA11yViolations,
  logOut,
  signIn,
  test,
  userMenuButton,
} from '../fixtures.ts';
import { drawer, notice } from '../helpers/ui.ts';

const WARNING_MS = 120_000;
const BROKER_TIMEOUT_MS = 300_000;
const INTERNAL_TIMEOUT_MS = 3_600_000;
/**
 * Real time passes between the last activity and each jump of the fake clock (page rendering,
 * the test's own steps), so the checks stand this far either side of the moment they test.
 */
const MARGIN_MS = 10_000;

function warningDialog(page: Page) {
  return page
    .getByRole('dialog')
    .filter({ hasText: 'You will soon be logged out due to inactivity.' });
}

function countdown(page: Page) {
  return warningDialog(page).getByRole('timer');
}

/** The countdown as seconds left, from its m:ss text. */
async function secondsLeft(page: Page): Promise<number> {
  const text = (await countdown(page).innerText()).trim();
  const match = /^(\d+):(\d{2})$/.exec(text);
  if (!match) throw new Error(`The countdown reads '${text}', not m:ss`);
  return Number(match[1]) * 60 + Number(match[2]);
}

let pointer = 0;
/** User activity the app can see: the mouse moves to a new spot. */
async function moveMouse(page: Page): Promise<void> {
  pointer = (pointer + 37) % 400;
  await page.mouse.move(300 + pointer, 300 + (pointer % 100));
}

test.beforeEach(async ({ page }) => {
  // Before the app loads, so every timer it sets is under the test's control.
  await page.clock.install();
});

test('a broker is warned 120 s before the 300,000 ms timeout, with a countdown, and a mouse move keeps the session', async ({
  page,
}) => {
  await signIn(page, 'broker', { throughLoginPage: true });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await moveMouse(page);

  // Just before the warning is due (300 s - 120 s after the last activity): nothing yet.
  await page.clock.fastForward(BROKER_TIMEOUT_MS - WARNING_MS - MARGIN_MS);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(warningDialog(page)).toBeHidden();

  // Just after it is due: the warning, with the full two minutes to go.
  await page.clock.fastForward(2 * MARGIN_MS);
  await expect(warningDialog(page)).toBeVisible();
  await expect(warningDialog(page)).toContainText('Move your mouse to continue.');
  await expect(countdown(page)).toHaveText(/^(2:00|1:[45]\d)$/);
  await expectNoSeriousA11yViolations(page);

  // The countdown follows the clock.
  const before = await secondsLeft(page);
  await page.clock.runFor(60_000);
  await expect.poll(() => secondsLeft(page)).toBeLessThanOrEqual(before - 60);
  expect(await secondsLeft(page)).toBeGreaterThanOrEqual(before - 60 - MARGIN_MS / 1000);

  // Moving the mouse closes the warning and starts the full timeout again.
  await moveMouse(page);
  await expect(warningDialog(page)).toBeHidden();
  await page.clock.fastForward(BROKER_TIMEOUT_MS - WARNING_MS - MARGIN_MS);
  await expect(warningDialog(page)).toBeHidden();
  await expect(page).toHaveURL('/home');
  await page.clock.fastForward(2 * MARGIN_MS);
  await expect(warningDialog(page)).toBeVisible();
});

test('a broker who does not come back is logged out to the origin when the countdown ends', async ({
  page,
  baseURL,
}) => {
  await signIn(page, 'broker', { path: '/organizations', throughLoginPage: true });
  await expect(page.getByRole('heading', { level: 1, name: 'Organizations' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await moveMouse(page);

  await page.clock.fastForward(BROKER_TIMEOUT_MS - WARNING_MS + MARGIN_MS);
  await expect(warningDialog(page)).toBeVisible();

  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(frame.url());
  });
  const endSession = page.waitForRequest((request) =>
    new URL(request.url()).pathname.startsWith('/oidc/session/end'),
  );

  // Not yet: the last seconds of the countdown still belong to the user.
  await page.clock.runFor(WARNING_MS - 2 * MARGIN_MS);
  await expect(warningDialog(page)).toBeVisible();
  expect(visited).toEqual([]);

  await page.clock.runFor(2 * MARGIN_MS);
  await endSession;
  await expectLoginPage(page);
  expect(visited, 'the pages the browser went through after the timeout').toContain(`${baseURL}/`);

  // Signed out for real: the page the broker was on asks for the password again.
  await page.goto('/organizations');
  await expectLoginPage(page);
});

test('an internal user is not warned at the broker’s 300,000 ms but 120 s before 3,600,000 ms', async ({
  page,
}) => {
  await signIn(page, 'superAdmin', { throughLoginPage: true });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await moveMouse(page);

  // Well past the point where a broker would have been warned and logged out.
  await page.clock.fastForward(BROKER_TIMEOUT_MS + MARGIN_MS);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(warningDialog(page)).toBeHidden();

  // Just before the internal warning is due.
  await page.clock.fastForward(
    INTERNAL_TIMEOUT_MS - WARNING_MS - BROKER_TIMEOUT_MS - 2 * MARGIN_MS,
  );
  await expect(warningDialog(page)).toBeHidden();
  await expect(page).toHaveURL('/home');

  // Just after.
  await page.clock.fastForward(2 * MARGIN_MS);
  await expect(warningDialog(page)).toBeVisible();
  await expect(countdown(page)).toHaveText(/^(2:00|1:[45]\d)$/);

  await moveMouse(page);
  await expect(warningDialog(page)).toBeHidden();
  await expect(page).toHaveURL('/home');
});

/** The ID token and client of the signed-in app, as its logout sends them to the provider. */
async function idTokenAndClient(page: Page): Promise<{ idToken: string; clientId: string }> {
  const found = await page.evaluate(() => {
    for (let i = 0; i < window.localStorage.length; i += 1) {
      const key = window.localStorage.key(i);
      if (!key?.startsWith('oidc.user:')) continue;
      const stored = JSON.parse(window.localStorage.getItem(key) ?? '{}') as {
        id_token?: string;
      };
      if (stored.id_token) return { idToken: stored.id_token, clientId: key.split(':').at(-1) };
    }
    return null;
  });
  if (!found?.clientId) throw new Error('No signed-in user is stored in this page');
  return { idToken: found.idToken, clientId: found.clientId };
}

function claimsWith(page: Page, token: string) {
  return page.request.get('/authorization/v1/claims', {
    headers: { Authorization: `Bearer ${token}` },
  });
}

test('logout ends the session on the server: its access token is refused at once', async ({
  page,
}) => {
  const broker = await signIn(page, 'broker', { throughLoginPage: true });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const token = await accessTokenOf(page);
  expect((await claimsWith(page, token)).status()).toBe(200);

  await logOut(page, broker);
  await expectLoginPage(page);
  // The token has most of its hour left, but its session is over.
  expect((await claimsWith(page, token)).status()).toBe(401);
});

test('a session that ends in the middle of an edit keeps the form and says why, without the login page', async ({
  page,
  baseURL,
  browserErrors,
}) => {
  // The refused save, and the refused renewal of an ended session, show in the console.
  browserErrors.allow(/status of 40[01]/);
  const broker = await signIn(page, 'broker', { throughLoginPage: true });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await userMenuButton(page, broker).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  const profile = drawer(page);
  await expect(profile.getByLabel('First Name')).toHaveValue(broker.firstName);
  await profile.getByLabel('First Name').fill('Interrupted');
  await profile.getByLabel('Extension').fill('321');

  // Meanwhile the session ends on the server (signed out in another window).
  const token = await accessTokenOf(page);
  const { idToken, clientId } = await idTokenAndClient(page);
  const end = await page.request.get(
    `/oidc/session/end?${new URLSearchParams({
      id_token_hint: idToken,
      client_id: clientId,
      post_logout_redirect_uri: `${baseURL}/`,
    }).toString()}`,
    { maxRedirects: 0 },
  );
  expect(end.status()).toBe(303);
  expect((await claimsWith(page, token)).status()).toBe(401);

  await profile.getByRole('button', { name: 'Save' }).click();
  await expect(notice(page, 'Update Profile')).toContainText(
    'User is unauthorized to perform this action.',
  );
  // Nothing typed is lost, and the page stays where it was.
  await expect(profile.getByLabel('First Name')).toHaveValue('Interrupted');
  await expect(profile.getByLabel('Extension')).toHaveValue('321');
  await expect(page).toHaveURL('/home');
  await expectNoSeriousA11yViolations(page);
});
