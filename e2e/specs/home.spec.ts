// The home dashboard (spec 1 §2 "Home dashboard", §9): the greeting, the Organizations card's
// rules for 10 or fewer and more than 10 organizations, the member count and search, help and
// feedback; and the guided tour, started, moved through, skipped and finished, with its state
// in local storage.
import { type Page } from '@playwright/test';
import {
  MEMBER_SEARCH_RULE_MESSAGE,
  type HelpManifest,
  type OrganizationSummary,
  type Page as ListPage,
} from '@pillar/domain';
import {
  HOME_TOUR_STORAGE_KEY,
  apiGet,
  expect,
  expectNoSeriousA11yViolations,
  sideNavigation,
  signIn,
  test,
} from '../fixtures.ts';

const GREETING = /^Good (morning|afternoon|evening), /;

function homeCard(page: Page, title: string) {
  return page.getByRole('region', { name: title, exact: true });
}

async function runtimeConfig(page: Page): Promise<{ links: { feedback: string } }> {
  const response = await page.request.get('/config.json');
  return (await response.json()) as { links: { feedback: string } };
}

test.describe('the dashboard', () => {
  test('a broker with two organizations sees them by name, the member count, help and feedback', async ({
    page,
  }) => {
    const broker = await signIn(page, 'broker');
    await expect(page).toHaveURL('/home');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      new RegExp(`${GREETING.source}${broker.firstName}$`),
    );
    await expect(page).toHaveTitle('Home | Pillar (DEMO)');

    // 10 or fewer: the names as links, no search, no total in the title, My Organizations.
    const mine = await apiGet<ListPage<OrganizationSummary>>(
      page,
      '/portal/v1/organizations?limit=4&sort=name:asc',
    );
    expect(mine.totalCount).toBe(2);
    const organizations = homeCard(page, 'Organizations');
    const links = organizations.getByRole('listitem').getByRole('link');
    await expect(links).toHaveText(mine.data.map((organization) => organization.name));
    await expect(organizations.getByRole('search')).toHaveCount(0);
    await expect(organizations.getByText(/organizations$/)).toHaveCount(0);
    await expect(organizations.getByRole('link', { name: /more\.\.\.$/ })).toHaveCount(0);
    await expect(organizations.getByRole('link', { name: 'My Organizations' })).toHaveAttribute(
      'href',
      '/organizations',
    );

    // The member count is the API's.
    const { count } = await apiGet<{ count: number }>(page, '/portal/v1/employees/count');
    expect(count).toBeGreaterThan(0);
    await expect(homeCard(page, 'Members').locator('.home-stat__value')).toHaveText(
      count.toLocaleString('en-US'),
    );

    // Help: the manifest's quick start guide, and the help centre.
    const manifest = (await (
      await page.request.get('/help-content/manifest.json')
    ).json()) as HelpManifest;
    const quickStart = manifest.guides.find((guide) => guide.id === manifest.quickStartGuide)!;
    const help = homeCard(page, 'Help');
    await expect(help.getByRole('link', { name: /Quick start guide/ })).toHaveAttribute(
      'href',
      `/help-content/${quickStart.file}`,
    );
    await expect(help.getByRole('link', { name: /Quick start guide/ })).toHaveAttribute(
      'target',
      '_blank',
    );
    await expect(help.getByRole('link', { name: 'More help' })).toHaveAttribute('href', '/help');

    // Feedback: the configured form, in a new tab.
    const { links: configured } = await runtimeConfig(page);
    const feedback = homeCard(page, 'Feedback').getByRole('link', { name: /Give feedback/ });
    await expect(feedback).toHaveAttribute('href', configured.feedback);
    await expect(feedback).toHaveAttribute('target', '_blank');
    await expectNoSeriousA11yViolations(page);

    // A name opens that organization.
    await links.first().click();
    await expect(page).toHaveURL(`/organizations/${mine.data[0]!.organizationNo}/dashboard`);
    await expect(page.getByRole('heading', { level: 1, name: mine.data[0]!.name })).toBeVisible();
  });

  test('the member search opens the members list for employees or dependents by name', async ({
    page,
  }) => {
    await signIn(page, 'broker');
    const members = homeCard(page, 'Members');
    await expect(members.getByRole('radio', { name: 'Employee' })).toBeChecked();
    await members.getByRole('searchbox', { name: 'Search employees by name' }).fill('Tanaka');
    await members.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL('/members?emp.name=Tanaka');
    // A name is one field: the list holds it and asks for a second before searching (spec 1 §5).
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Tanaka');
    await expect(page.getByText(MEMBER_SEARCH_RULE_MESSAGE)).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL('/home');
    await homeCard(page, 'Members').getByText('Dependent', { exact: true }).click();
    await expect(homeCard(page, 'Members').getByRole('radio', { name: 'Dependent' })).toBeChecked();
    await homeCard(page, 'Members')
      .getByRole('searchbox', { name: 'Search dependents by name' })
      .fill('Rivera');
    await homeCard(page, 'Members').getByRole('searchbox').press('Enter');
    await expect(page).toHaveURL('/members?dep.name=Rivera');
  });

  test('an account manager with 48 organizations gets a search box and the total instead of names', async ({
    page,
  }) => {
    await signIn(page, 'accountManager');
    const all = await apiGet<ListPage<OrganizationSummary>>(
      page,
      '/portal/v1/organizations?limit=1',
    );
    expect(all.totalCount).toBe(48);
    const organizations = homeCard(page, 'Organizations');
    await expect(organizations.getByText('48 organizations', { exact: true })).toBeVisible();
    await expect(organizations.getByRole('listitem')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    await organizations.getByRole('searchbox', { name: 'Search organizations' }).fill('cedar');
    await organizations.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL('/organizations?org.name=cedar');
    // The list opens already searched.
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('cedar');
    const found = await apiGet<ListPage<OrganizationSummary>>(
      page,
      '/portal/v1/organizations?name=cedar&limit=20&sort=name:asc',
    );
    expect(found.data.map((organization) => organization.name)).toContain(
      'Cedar Valley Manufacturing',
    );
    await expect(page.getByRole('table').getByRole('link')).toHaveText(
      found.data.map((organization) => organization.name),
    );
  });

  // No persona holds between 5 and 10 organizations, so these two answer the card's one call
  // with the real first page and a different total: the card's rules are in the browser.
  for (const { total, more, subtitle } of [
    { total: 7, more: '3 more...', subtitle: false },
    { total: 10, more: '6 more...', subtitle: true },
  ]) {
    test(`with ${total} organizations the card lists four names, '${more}' and My Organizations${subtitle ? ', and the total' : ''}`, async ({
      page,
    }) => {
      await page.route(/\/portal\/v1\/organizations\?limit=4&/, async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as ListPage<OrganizationSummary>;
        await route.fulfill({ response, json: { ...body, totalCount: total } });
      });
      await signIn(page, 'accountManager');
      const organizations = homeCard(page, 'Organizations');
      await expect(organizations.getByRole('listitem')).toHaveCount(4);
      await expect(organizations.getByRole('search')).toHaveCount(0);
      const moreLink = organizations.getByRole('link', { name: more, exact: true });
      await expect(moreLink).toHaveAttribute('href', '/organizations');
      await expect(organizations.getByText(`${total} organizations`, { exact: true })).toHaveCount(
        subtitle ? 1 : 0,
      );
      await moreLink.click();
      await expect(page).toHaveURL('/organizations');
    });
  }

  test('a user without the organization and member permissions sees neither card', async ({
    page,
  }) => {
    await signIn(page, 'clinician');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/, Amara$/);
    await expect(homeCard(page, 'Help')).toBeVisible();
    await expect(homeCard(page, 'Organizations')).toHaveCount(0);
    await expect(homeCard(page, 'Members')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('the guided tour', () => {
  test.use({ homeTourSeen: false });

  const storedTour = (page: Page) =>
    page.evaluate((key) => window.localStorage.getItem(key), HOME_TOUR_STORAGE_KEY);

  function tourPanel(page: Page) {
    return page
      .locator('.ant-tour:not(.ant-tour-hidden)')
      .filter({ has: page.locator('.ant-tour-title') });
  }

  test('starts by itself, moves with Start, Next and Back, resumes after a reload, and Finish marks it seen', async ({
    page,
  }) => {
    await signIn(page, 'broker');
    const tour = tourPanel(page);
    await expect(tour.locator('.ant-tour-title')).toHaveText('Welcome to Pillar');
    await expect(tour.getByRole('button', { name: 'Back' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    await tour.getByRole('button', { name: 'Start' }).click();
    await expect(tour.locator('.ant-tour-title')).toHaveText('Navigation');
    expect(await storedTour(page)).toBe('1');
    await tour.getByRole('button', { name: 'Next' }).click();
    await expect(tour.locator('.ant-tour-title')).toHaveText('Your organizations');
    expect(await storedTour(page)).toBe('2');
    await tour.getByRole('button', { name: 'Back' }).click();
    await expect(tour.locator('.ant-tour-title')).toHaveText('Navigation');
    await tour.getByRole('button', { name: 'Next' }).click();
    await expect(tour.locator('.ant-tour-title')).toHaveText('Your organizations');

    // The stored step survives a reload: the tour carries on where it was.
    await page.reload();
    await expect(tourPanel(page).locator('.ant-tour-title')).toHaveText('Your organizations');

    // Walk to the end. The broker's Files card is shown only when the files area shows it.
    const filesShown = (await page.locator('[data-tour="files"] > *').count()) > 0;
    const expected = ['Members', ...(filesShown ? ['Recent files'] : []), 'Help', 'Feedback'];
    for (const title of expected) {
      await tourPanel(page).getByRole('button', { name: 'Next' }).click();
      await expect(tourPanel(page).locator('.ant-tour-title')).toHaveText(title);
    }
    await expect(tourPanel(page).getByRole('button', { name: 'Next' })).toHaveCount(0);
    await tourPanel(page).getByRole('button', { name: 'Finish' }).click();
    await expect(tourPanel(page)).toHaveCount(0);
    expect(await storedTour(page)).toBe('seen');

    // Seen: it does not come back by itself.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(GREETING);
    await expect(homeCard(page, 'Organizations').getByRole('listitem')).toHaveCount(2);
    await expect(tourPanel(page)).toHaveCount(0);
  });

  test('closing it skips it and marks it seen; Take the tour runs it again', async ({ page }) => {
    await signIn(page, 'broker');
    await expect(tourPanel(page).locator('.ant-tour-title')).toHaveText('Welcome to Pillar');
    await tourPanel(page).getByRole('button', { name: 'Close' }).click();
    await expect(tourPanel(page)).toHaveCount(0);
    expect(await storedTour(page)).toBe('seen');

    await page.getByRole('button', { name: 'Take the tour' }).click();
    await expect(tourPanel(page).locator('.ant-tour-title')).toHaveText('Welcome to Pillar');
    expect(await storedTour(page)).toBe('0');
    await page.keyboard.press('Escape');
    await expect(tourPanel(page)).toHaveCount(0);
    expect(await storedTour(page)).toBe('seen');
    // The page is usable again: the navigation answers.
    await sideNavigation(page).getByRole('link', { name: 'Organizations' }).click();
    await expect(page).toHaveURL('/organizations');
  });

  test('skips the steps of cards the user does not have', async ({ page }) => {
    await signIn(page, 'clinician');
    const titles: string[] = [];
    await expect(tourPanel(page).locator('.ant-tour-title')).toHaveText('Welcome to Pillar');
    titles.push('Welcome to Pillar');
    while ((await tourPanel(page).getByRole('button', { name: 'Finish' }).count()) === 0) {
      await tourPanel(page)
        .getByRole('button', { name: /^(Start|Next)$/ })
        .click();
      await expect(tourPanel(page).locator('.ant-tour-title')).not.toHaveText(titles.at(-1)!);
      titles.push(await tourPanel(page).locator('.ant-tour-title').innerText());
    }
    expect(titles).toEqual(['Welcome to Pillar', 'Navigation', 'Help', 'Feedback']);
    await tourPanel(page).getByRole('button', { name: 'Finish' }).click();
    expect(await storedTour(page)).toBe('seen');
  });
});
