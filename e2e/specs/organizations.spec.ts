// The organizations list (search, paging, sorting, state in the URL) and the organization page.
import { type Page } from '@playwright/test';
import { PROCESS_STATUS_LABELS, formatDate, type OrganizationDetail } from '@pillar/domain';
import { expect, expectNoSeriousA11yViolations, apiGet, signIn, test } from '../fixtures.ts';

// The seeded data (apps/server/src/seed/demo-seed.ts) is the same on every run.
const SEEDED_ORGANIZATIONS = 48;
const BROKER_ORGANIZATIONS = ['Cedar Valley Manufacturing', 'Harbor Point Teamsters Local 12'];
/** A seeded organization outside the broker's two. */
const OUTSIDE_BROKER_SCOPE = 'City of Northfield';

interface Row {
  name: string;
  type: string;
  effectiveDate: string;
  status: string;
}

function spinner(page: Page) {
  return page.locator('.search-table .ant-spin-spinning');
}

/** The result rows as shown, once no search is in flight. */
async function readRows(page: Page): Promise<Row[]> {
  await expect(spinner(page)).toHaveCount(0);
  return page
    .getByRole('main')
    .getByRole('row')
    .filter({ has: page.getByRole('link') })
    .evaluateAll((rows) =>
      rows.map((row) => {
        const cells = [...row.querySelectorAll('td')].map((cell) => cell.innerText.trim());
        return {
          name: cells[0] ?? '',
          type: cells[1] ?? '',
          effectiveDate: cells[2] ?? '',
          status: cells[3] ?? '',
        };
      }),
    );
}

/**
 * Runs a step that must make the list ask the API for these parameters (spec 1 §9: limit,
 * offset, sort as field:asc|desc, the filters), and waits until that answer is on screen.
 */
async function expectSearch(
  page: Page,
  params: Record<string, string>,
  step: () => Promise<void>,
): Promise<void> {
  const answered = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return (
      url.pathname === '/portal/v1/organizations' &&
      Object.entries(params).every(([key, value]) => url.searchParams.get(key) === value)
    );
  });
  await step();
  expect((await answered).status()).toBe(200);
  await expect(spinner(page)).toHaveCount(0);
}

function summary(page: Page) {
  return page.getByText(/^\d+-\d+ of \d+ total results$|^0 total results$/);
}

function nameField(page: Page) {
  return page.getByRole('textbox', { name: 'Name', exact: true });
}

function columnHeader(page: Page, name: string) {
  return page.getByRole('columnheader', { name, exact: true });
}

function pageButton(page: Page, number: number) {
  return page.getByRole('listitem', { name: String(number), exact: true });
}

/**
 * Picks an option of an antd select. Its role=option elements are a visually hidden copy for
 * screen readers; the visible options carry the label as their title.
 */
async function choose(page: Page, combobox: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: combobox, exact: true }).click();
  await page
    .locator('.ant-select-dropdown')
    .filter({ visible: true })
    .getByTitle(option, { exact: true })
    .click();
}

async function chooseStatus(page: Page, label: string): Promise<void> {
  await choose(page, 'Status', label);
}

async function choosePageSize(page: Page, size: number): Promise<void> {
  await choose(page, 'Page Size', `${size} / page`);
}

/** MM/DD/YYYY to YYYY-MM-DD, which sorts as text. */
function isoOf(display: string): string {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(display);
  if (!match) throw new Error(`Not an MM/DD/YYYY date: '${display}'`);
  return `${match[3]}-${match[1]}-${match[2]}`;
}

function query(page: Page): URLSearchParams {
  return new URL(page.url()).searchParams;
}

async function expectFullList(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Organizations' })).toBeVisible();
  await expect(summary(page)).toHaveText(`1-20 of ${SEEDED_ORGANIZATIONS} total results`);
}

test.describe('as the super admin', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'superAdmin', { path: '/organizations' });
    await expectFullList(page);
    await expectNoSeriousA11yViolations(page);
  });

  test('searching by name shows only organizations whose name matches', async ({ page }) => {
    await nameField(page).fill('Cedar');
    await expectSearch(page, { name: 'Cedar', offset: '0', limit: '20' }, () =>
      page.getByRole('button', { name: 'Search', exact: true }).click(),
    );
    await expect(page).toHaveURL(/[?&]org\.name=Cedar(&|$)/);
    const rows = await readRows(page);
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.length).toBeLessThan(SEEDED_ORGANIZATIONS);
    for (const row of rows) expect(row.name.toLowerCase()).toContain('cedar');
    expect(rows.map((row) => row.name)).toContain('Cedar Valley Manufacturing');
    await expect(summary(page)).toHaveText(`1-${rows.length} of ${rows.length} total results`);
    await expectNoSeriousA11yViolations(page);
  });

  test('searching by status Terminated shows only terminated organizations', async ({ page }) => {
    await chooseStatus(page, `9 ${PROCESS_STATUS_LABELS[9]}`);
    await expectSearch(page, { processStatus: '9' }, () =>
      page.getByRole('button', { name: 'Search', exact: true }).click(),
    );
    await expect(page).toHaveURL(/[?&]org\.processStatus=9(&|$)/);
    const rows = await readRows(page);
    expect(rows.length).toBeGreaterThan(1);
    // Spec 1 §3: a terminated record whose termination date is still ahead is labelled
    // 'Active with future termination'; it is terminated all the same.
    for (const row of rows) {
      expect(['Terminated', 'Active with future termination']).toContain(row.status);
    }
    expect(rows.map((row) => row.name)).toContain('Summit Ridge Health Partners');
    expect(rows.map((row) => row.status)).toContain('Terminated');
    await expectNoSeriousA11yViolations(page);
  });

  test('the Effective Date filter takes MM/DD/YYYY, keeps rows on or after it, and refuses a date that does not exist', async ({
    page,
  }) => {
    const field = page.getByRole('textbox', { name: 'Effective Date', exact: true });
    // Typed as digits: the slashes are put in as the user types (spec 1 §5).
    await field.pressSequentially('01012020');
    await expect(field).toHaveValue('01/01/2020');
    await expectSearch(page, { effectiveDate: '2020-01-01' }, () =>
      page.getByRole('button', { name: 'Search', exact: true }).click(),
    );
    await expect(page).toHaveURL(/[?&]org\.effectiveDate=2020-01-01(&|$)/);
    const rows = await readRows(page);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(20);
    for (const row of rows) expect(isoOf(row.effectiveDate) >= '2020-01-01').toBe(true);
    await expectNoSeriousA11yViolations(page);

    // An impossible date is flagged on the field and not searched for.
    await field.fill('');
    await field.pressSequentially('02302021');
    await field.blur();
    await expect(page.getByText('Effective Date must be a valid date (MM/DD/YYYY)')).toBeVisible();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByText('Effective Date must be a valid date (MM/DD/YYYY)')).toBeVisible();
    await expect(page).toHaveURL(/[?&]org\.effectiveDate=2020-01-01(&|$)/);
    expect(await readRows(page)).toEqual(rows);
    await expectNoSeriousA11yViolations(page);
  });

  test('paging goes to page 2, and a larger page size shows every organization', async ({
    page,
  }) => {
    const first = await readRows(page);
    expect(first).toHaveLength(20);

    await expectSearch(page, { offset: '20', limit: '20' }, () => pageButton(page, 2).click());
    await expect(page).toHaveURL(/[?&]org\.page=2(&|$)/);
    await expect(summary(page)).toHaveText(`21-40 of ${SEEDED_ORGANIZATIONS} total results`);
    const second = await readRows(page);
    expect(second).toHaveLength(20);
    // The default order is by name, so page 2 carries on where page 1 stopped.
    const lastOfFirst = first.at(-1)!.name.toLowerCase();
    expect(second[0]!.name.toLowerCase() > lastOfFirst).toBe(true);
    expect(second.map((row) => row.name)).not.toContain(first[0]!.name);
    await expectNoSeriousA11yViolations(page);

    await expectSearch(page, { offset: '0', limit: '50' }, () => choosePageSize(page, 50));
    await expect(page).toHaveURL(/[?&]org\.size=50(&|$)/);
    // A new page size starts again from the first page.
    expect(query(page).get('org.page')).toBeNull();
    await expect(summary(page)).toHaveText(
      `1-${SEEDED_ORGANIZATIONS} of ${SEEDED_ORGANIZATIONS} total results`,
    );
    expect(await readRows(page)).toHaveLength(SEEDED_ORGANIZATIONS);
  });

  test('sorting by Name descending and by Effective Date orders the rows', async ({ page }) => {
    const ascending = await readRows(page);

    await expectSearch(page, { sort: 'name:asc' }, () => columnHeader(page, 'Name').click());
    await expect(page).toHaveURL(/[?&]org\.sort=name%3Aasc(&|$)/);
    await expectSearch(page, { sort: 'name:desc' }, () => columnHeader(page, 'Name').click());
    await expect(page).toHaveURL(/[?&]org\.sort=name%3Adesc(&|$)/);
    await expect(columnHeader(page, 'Name')).toHaveAttribute('aria-sort', 'descending');
    const names = (await readRows(page)).map((row) => row.name.toLowerCase());
    expect(names).toHaveLength(20);
    expect(names).toEqual([...names].sort().reverse());
    expect(names[0]! > ascending.at(-1)!.name.toLowerCase()).toBe(true);
    await expectNoSeriousA11yViolations(page);

    await expectSearch(page, { sort: 'effectiveDate:asc' }, () =>
      columnHeader(page, 'Effective Date').click(),
    );
    await expect(page).toHaveURL(/[?&]org\.sort=effectiveDate%3Aasc(&|$)/);
    await expect(columnHeader(page, 'Effective Date')).toHaveAttribute('aria-sort', 'ascending');
    await expect(columnHeader(page, 'Name')).not.toHaveAttribute('aria-sort', /.+/);
    const earliest = (await readRows(page)).map((row) => isoOf(row.effectiveDate));
    expect(earliest).toHaveLength(20);
    expect(earliest).toEqual([...earliest].sort());

    await expectSearch(page, { sort: 'effectiveDate:desc' }, () =>
      columnHeader(page, 'Effective Date').click(),
    );
    await expect(page).toHaveURL(/[?&]org\.sort=effectiveDate%3Adesc(&|$)/);
    const latest = (await readRows(page)).map((row) => isoOf(row.effectiveDate));
    expect(latest).toHaveLength(20);
    expect(latest).toEqual([...latest].sort().reverse());
    // The latest of all come before the earliest of all.
    expect(latest[0]! > earliest.at(-1)!).toBe(true);
  });

  test('a reload restores the filters, page and sort from the query string', async ({ page }) => {
    await chooseStatus(page, `1 ${PROCESS_STATUS_LABELS[1]}`);
    await expectSearch(page, { processStatus: '1' }, () =>
      page.getByRole('button', { name: 'Search', exact: true }).click(),
    );
    await expect(page).toHaveURL(/[?&]org\.processStatus=1(&|$)/);
    await expectSearch(page, { sort: 'name:asc' }, () => columnHeader(page, 'Name').click());
    await expectSearch(page, { sort: 'name:desc' }, () => columnHeader(page, 'Name').click());
    await expect(page).toHaveURL(/[?&]org\.sort=name%3Adesc(&|$)/);
    await expectSearch(page, { processStatus: '1', sort: 'name:desc', offset: '20' }, () =>
      pageButton(page, 2).click(),
    );
    await expect(page).toHaveURL(/[?&]org\.page=2(&|$)/);
    await expect(summary(page)).toHaveText(/^21-\d+ of \d+ total results$/);
    const before = await readRows(page);
    expect(before.length).toBeGreaterThan(0);
    for (const row of before) expect(row.status).toBe('Active');
    const summaryBefore = await summary(page).innerText();
    const urlBefore = page.url();

    await expectSearch(
      page,
      { processStatus: '1', sort: 'name:desc', offset: '20', limit: '20' },
      async () => {
        await page.reload();
      },
    );
    await expect(page).toHaveURL(urlBefore);
    await expect(summary(page)).toHaveText(summaryBefore);
    await expect(page.getByRole('combobox', { name: 'Status', exact: true })).toBeAttached();
    await expect(page.locator('.search-table__form')).toContainText('1 Active');
    await expect(columnHeader(page, 'Name')).toHaveAttribute('aria-sort', 'descending');
    await expect(pageButton(page, 2)).toHaveClass(/ant-pagination-item-active/);
    expect(await readRows(page)).toEqual(before);
    await expectNoSeriousA11yViolations(page);
  });

  test('Clear Filters empties the search and the query string', async ({ page }) => {
    await nameField(page).fill('Valley');
    await chooseStatus(page, `1 ${PROCESS_STATUS_LABELS[1]}`);
    await expectSearch(page, { name: 'Valley', processStatus: '1' }, () =>
      page.getByRole('button', { name: 'Search', exact: true }).click(),
    );
    await expect(page).toHaveURL(
      /org\.name=Valley.*org\.processStatus=1|org\.processStatus=1.*org\.name=Valley/,
    );
    const filtered = await readRows(page);
    expect(filtered.length).toBeGreaterThan(0);
    for (const row of filtered) {
      expect(row.name).toContain('Valley');
      expect(row.status).toBe('Active');
    }

    await page.getByRole('button', { name: 'Clear Filters', exact: true }).click();
    await expect(page).toHaveURL('/organizations');
    await expect(nameField(page)).toHaveValue('');
    await expect(page.locator('.search-table__form')).not.toContainText('1 Active');
    // The unfiltered first page may come from the cache, so no request is awaited here.
    await expect(summary(page)).toHaveText(`1-20 of ${SEEDED_ORGANIZATIONS} total results`);
    await expect(async () => {
      const names = (await readRows(page)).map((row) => row.name);
      expect(names).toHaveLength(20);
      expect(names.every((name) => name.includes('Valley'))).toBe(false);
    }).toPass();
    await expectNoSeriousA11yViolations(page);
  });

  test('opening an organization from the list shows its header', async ({ page }) => {
    await page.getByRole('link', { name: 'Cedar Valley Manufacturing', exact: true }).click();
    await expect(page).toHaveURL(/\/organizations\/\d+\/dashboard$/);
    const orgId = /\/organizations\/(\d+)\//.exec(page.url())![1]!;
    const expected = await apiGet<OrganizationDetail>(page, `/portal/v1/organizations/${orgId}`);

    await expect(
      page.getByRole('heading', { level: 1, name: 'Cedar Valley Manufacturing' }),
    ).toBeVisible();
    const header = page.locator('.page-header');
    expect(expected.type).toBe('Employer');
    await expect(header).toContainText(`Type${expected.type}`);
    await expect(header).toContainText('StatusActive');
    const original = formatDate(expected.originalEffectiveDate);
    expect(original).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    await expect(header).toContainText(`Original Effective Date${original}`);
    await expect(page).toHaveTitle('Cedar Valley Manufacturing | Pillar (DEMO)');
    await expect(page.getByRole('tab', { name: 'Dashboard' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expectNoSeriousA11yViolations(page);
  });

  test('an unknown organization shows the not-found page', async ({ page, browserErrors }) => {
    browserErrors.allow(/Failed to load resource: the server responded with a status of 404/);
    await page.goto('/organizations/999999/dashboard');
    await expect(page.getByText('Page not found or something is missing.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('as the broker', () => {
  test('the list holds exactly the broker’s two organizations', async ({ page }) => {
    await signIn(page, 'broker', { path: '/organizations' });
    await expect(page.getByRole('heading', { level: 1, name: 'Organizations' })).toBeVisible();
    await expect(summary(page)).toHaveText('1-2 of 2 total results');
    expect((await readRows(page)).map((row) => row.name)).toEqual(BROKER_ORGANIZATIONS);
    await expectNoSeriousA11yViolations(page);
  });

  test('another organization’s page is not found, not merely forbidden', async ({
    page,
    browser,
    browserErrors,
  }) => {
    // The id of a real organization outside the broker's scope, as the super admin sees it.
    const adminContext = await browser.newContext();
    let outsideId: string;
    try {
      const adminPage = await adminContext.newPage();
      await signIn(adminPage, 'superAdmin', {
        path: `/organizations?org.name=${encodeURIComponent(OUTSIDE_BROKER_SCOPE)}`,
      });
      const link = adminPage.getByRole('link', { name: OUTSIDE_BROKER_SCOPE, exact: true });
      const href = await link.getAttribute('href');
      outsideId = /\/organizations\/(\d+)\//.exec(href ?? '')![1]!;
    } finally {
      await adminContext.close();
    }

    browserErrors.allow(/Failed to load resource: the server responded with a status of 404/);
    await signIn(page, 'broker', { path: `/organizations/${outsideId}/dashboard` });
    await expect(page).toHaveURL(`/organizations/${outsideId}/dashboard`);
    await expect(page.getByText('Page not found or something is missing.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Go Back' })).toBeVisible();
    await expect(page.getByText(OUTSIDE_BROKER_SCOPE)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });
});
