// The organization workspace: the Dashboard tab (groups, fees, plans, invoices and their
// documents, contacts, locations, Med D subsidy) and the Users tab.
import fs from 'node:fs';
import { type Locator, type Page } from '@playwright/test';
import {
  formatDate,
  formatEffectivePeriod,
  formatUsd,
  type BenefitGroup,
  type FeeList,
  type Invoice,
  type InvoiceConfig,
  type OrganizationSummary,
  type Page as ResultPage,
} from '@pillar/domain';
import { apiGet, expect, expectNoSeriousA11yViolations, signIn, test } from '../fixtures.ts';

const CEDAR = 'Cedar Valley Manufacturing';
const HARBOR = 'Harbor Point Teamsters Local 12';
const NORTHFIELD = 'City of Northfield';
const VIEWPORT_WIDTH = 1440;

async function organizationId(page: Page, name: string): Promise<number> {
  const found = await apiGet<ResultPage<OrganizationSummary>>(
    page,
    `/portal/v1/organizations?name=${encodeURIComponent(name)}`,
  );
  const match = found.data.find((o) => o.name === name);
  if (!match) throw new Error(`No organization named ${name}`);
  return match.organizationNo;
}

function panel(page: Page, title: string): Locator {
  return page.locator('.org-panel').filter({ has: page.getByRole('heading', { name: title }) });
}

/** The open drawer, and its width as a share of the window. */
async function openDrawer(page: Page, title: string | RegExp) {
  const drawer = page.getByRole('dialog').filter({ hasText: title });
  await expect(drawer).toBeVisible();
  const wrapper = page.locator('.ant-drawer-content-wrapper').filter({ visible: true });
  // Wait for the opening animation to end before measuring.
  await expect(async () => {
    const box = await wrapper.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x + box!.width).toBeCloseTo(VIEWPORT_WIDTH, 0);
  }).toPass();
  const box = (await wrapper.boundingBox())!;
  return { drawer, share: box.width / VIEWPORT_WIDTH };
}

async function closeDrawer(page: Page) {
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** Cell texts of the data rows of a table. */
async function tableRows(table: Locator): Promise<string[][]> {
  await expect(table.locator('.ant-spin-spinning')).toHaveCount(0);
  return table
    .locator('tbody tr.ant-table-row')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('td')].map((td) => td.innerText.trim())),
    );
}

/** Moves the pointer off the page, so axe does not judge a hovered button's colours. */
async function checkA11y(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  await expectNoSeriousA11yViolations(page);
}

async function choose(page: Page, combobox: Locator, option: string): Promise<void> {
  await combobox.click();
  await page
    .locator('.ant-select-dropdown')
    .filter({ visible: true })
    .getByTitle(option, { exact: true })
    .click();
}

test.describe('as the account manager', () => {
  test('groups, Group Summary and fee drawers, plans, contacts, locations and Med D', async ({
    page,
  }) => {
    await signIn(page, 'accountManager', { path: '/organizations' });
    const orgId = await organizationId(page, CEDAR);
    await page.goto(`/organizations/${orgId}`);
    // No tab in the address opens the dashboard.
    await expect(page).toHaveURL(`/organizations/${orgId}/dashboard`);
    await expect(page.getByRole('heading', { level: 1, name: CEDAR })).toBeVisible();
    for (const tab of ['Dashboard', 'Members', 'Users'])
      await expect(page.getByRole('tab', { name: tab })).toBeVisible();

    const groups = await apiGet<ResultPage<BenefitGroup>>(
      page,
      `/portal/v1/organizations/${orgId}/groups`,
    );
    const groupsPanel = panel(page, 'Groups');
    await expect(async () => {
      const rows = await tableRows(groupsPanel);
      expect(rows.map((r) => r[0])).toEqual(groups.data.map((g) => g.benefitGroupId));
      expect(rows.map((r) => r[1])).toEqual(groups.data.map((g) => g.name));
      expect(rows.map((r) => r[2])).toEqual(groups.data.map((g) => formatDate(g.effectiveDate)));
    }).toPass();

    const contacts = panel(page, 'Contact Info');
    for (const label of [
      'Eligibility Contact',
      'Maintenance Contact',
      'Invoice Contact',
      'Eligibility Vendor',
      'Medical Vendor Contact',
    ])
      await expect(contacts).toContainText(label);
    const locations = panel(page, 'Locations');
    await locations.locator('.ant-collapse-header').first().click();
    await expect(locations.locator('address')).toContainText('Phone:');
    await expect(panel(page, 'Med D Subsidy')).toBeVisible();
    await checkA11y(page);

    const group = groups.data[0]!;
    await groupsPanel.getByRole('button', { name: group.name, exact: true }).click();
    const summary = await openDrawer(page, 'Group Summary');
    expect(summary.share).toBeCloseTo(0.25, 2);
    await expect(summary.drawer).toContainText(group.name);
    await expect(summary.drawer).toContainText(
      formatEffectivePeriod(group.effectiveDate, group.expirationDate),
    );
    await expect(summary.drawer).toContainText(String(group.benefitGroupNo));
    await expect(summary.drawer).toContainText(group.benefitGroupId);
    await checkA11y(page);
    await closeDrawer(page);

    const fees = await apiGet<FeeList>(
      page,
      `/portal/v1/organizations/${orgId}/fees?groupId=${group.benefitGroupNo}`,
    );
    await groupsPanel.getByRole('button', { name: `View Fees of ${group.name}` }).click();
    const feeDrawer = await openDrawer(page, `Fees: ${group.name}`);
    expect(feeDrawer.share).toBeCloseTo(0.4, 2);
    const feeRows = await tableRows(feeDrawer.drawer);
    expect(feeRows).toEqual(
      fees.planFees.map((f) => [
        f.name,
        formatEffectivePeriod(f.effectiveDate, f.expirationDate),
        formatUsd(f.feeAmount),
      ]),
    );
    // An open-ended fee reads N/A, and amounts are dollars.
    expect(feeRows.some((r) => r[1]!.endsWith(' - N/A'))).toBe(true);
    expect(feeRows.every((r) => /^\$\d{1,3}(,\d{3})*\.\d{2}$/.test(r[2]!))).toBe(true);
    await checkA11y(page);
    await closeDrawer(page);

    // Plans: sortable and filterable, with the table's state in the address.
    await page.goto(`/organizations/${orgId}/dashboard`);
    const plans = panel(page, 'Plans');
    await expect(plans.locator('tbody tr.ant-table-row').first()).toBeVisible();
    const initial = (await tableRows(plans)).map((r) => r[0]!.toLowerCase());
    expect(initial).toEqual([...initial].sort());

    const nameHeader = plans.getByRole('columnheader', { name: 'Name', exact: true });
    await nameHeader.click();
    await nameHeader.click();
    await expect(page).toHaveURL(/[?&]plan\.sort=name%3Adesc(&|$)/);
    await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(async () => {
      const names = (await tableRows(plans)).map((r) => r[0]!.toLowerCase());
      expect(names).toEqual([...initial].sort().reverse());
    }).toPass();

    await choose(page, plans.getByRole('combobox', { name: 'Plan Status' }), 'Terminated');
    await plans.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/[?&]plan\.planStatus=9(&|$)/);
    await expect(async () => {
      const rows = await tableRows(plans);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.length).toBeLessThan(initial.length);
      for (const row of rows) expect(row[1]).toBe('Terminated');
    }).toPass();

    const word = initial[0]!.split(' ')[1]!;
    await plans.getByRole('button', { name: 'Clear Filters' }).click();
    await plans.getByRole('textbox', { name: 'Plan Name' }).fill(word);
    await plans.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(async () => {
      const rows = await tableRows(plans);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row[0]!.toLowerCase()).toContain(word);
    }).toPass();
    await checkA11y(page);

    // Another organization without locations or Med D subsidy records.
    const northfield = await organizationId(page, NORTHFIELD);
    await page.goto(`/organizations/${northfield}/dashboard`);
    await expect(page.getByRole('heading', { level: 1, name: NORTHFIELD })).toBeVisible();
    await expect(panel(page, 'Locations')).toContainText(
      'No locations are assigned to this organization.',
    );
    const harbor = await organizationId(page, HARBOR);
    await page.goto(`/organizations/${harbor}/dashboard`);
    await expect(page.getByRole('heading', { level: 1, name: HARBOR })).toBeVisible();
    await expect(panel(page, 'Groups').locator('tbody tr.ant-table-row').first()).toBeVisible();
    await expect(panel(page, 'Locations').locator('.ant-collapse')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Med D Subsidy' })).toHaveCount(0);
    await checkA11y(page);
  });

  test('invoice history: search by number, download the invoice under the server’s name', async ({
    page,
  }) => {
    await signIn(page, 'accountManager', { path: '/organizations' });
    const orgId = await organizationId(page, CEDAR);
    await page.goto(`/organizations/${orgId}/dashboard`);
    const configs = await apiGet<ResultPage<InvoiceConfig>>(
      page,
      `/portal/v1/organizations/${orgId}/invoiceconfigs`,
    );
    const config = configs.data.find((c) => c.supportsICE)!;
    const invoices = await apiGet<ResultPage<Invoice>>(
      page,
      `/portal/v1/organizations/${orgId}/invoices?invoiceConfigNo=${config.invoiceConfigNo}`,
    );
    const invoicesPanel = panel(page, 'Invoices');
    await expect(invoicesPanel.getByText(config.name, { exact: true })).toBeVisible();
    await invoicesPanel.getByRole('button', { name: `View Invoices of ${config.name}` }).click();
    const history = await openDrawer(page, `Invoice History: ${config.name}`);
    expect(history.share).toBeCloseTo(0.55, 2);
    await expect(async () => {
      const rows = await tableRows(history.drawer);
      expect(rows.map((r) => r[0])).toEqual(invoices.data.map((i) => String(i.invoiceNo)));
    }).toPass();
    for (const header of [
      'Invoice Number',
      'Date',
      'Type',
      'Invoice',
      'Summary',
      'Detail',
      'Claim Extract',
    ])
      await expect(
        history.drawer.getByRole('columnheader', { name: header, exact: true }),
      ).toBeVisible();
    await checkA11y(page);

    const target = invoices.data[2]!;
    await history.drawer
      .getByRole('textbox', { name: 'Invoice Number' })
      .fill(String(target.invoiceNo));
    await history.drawer.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(async () => {
      const rows = await tableRows(history.drawer);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.slice(0, 4)).toEqual([
        String(target.invoiceNo),
        formatDate(target.invoiceDate),
        target.isTria ? 'Tria' : 'Standard',
        formatUsd(target.totalAmount),
      ]);
    }).toPass();

    const pdfDownload = page.waitForEvent('download');
    await history.drawer
      .getByRole('button', { name: `Invoice PDF of invoice ${target.invoiceNo}` })
      .click();
    const pdf = await pdfDownload;
    expect(pdf.suggestedFilename()).toBe(`invoice-${target.invoiceNo}-${target.invoiceDate}.pdf`);
    const pdfBytes = fs.readFileSync(await pdf.path());
    expect(pdfBytes.subarray(0, 5).toString()).toBe('%PDF-');

    const csvDownload = page.waitForEvent('download');
    await history.drawer
      .getByRole('button', { name: `Invoice Excel of invoice ${target.invoiceNo}` })
      .click();
    const excel = await csvDownload;
    expect(excel.suggestedFilename()).toBe(
      `invoice-${target.invoiceNo}-${target.invoiceDate}.xlsx`,
    );
    // An xlsx file is a zip archive.
    expect(
      fs
        .readFileSync(await excel.path())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');

    const summaryDownload = page.waitForEvent('download');
    await history.drawer
      .getByRole('button', { name: `Summary CSV of invoice ${target.invoiceNo}` })
      .click();
    const summary = await summaryDownload;
    expect(summary.suggestedFilename()).toBe(
      `invoice-${target.invoiceNo}-claim-summary-${target.invoiceDate}.csv`,
    );
    const csv = fs.readFileSync(await summary.path(), 'utf8');
    expect(csv).toContain('Group ID,Group,Claims');
    expect(csv.trim().split('\n').at(-1)).toMatch(/^Total,/);

    await history.drawer.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(history.drawer.locator('tbody tr.ant-table-row')).toHaveCount(
      invoices.data.length,
    );
  });

  test('users tab: search by name, roles and status', async ({ page }) => {
    await signIn(page, 'accountManager', { path: '/organizations' });
    const orgId = await organizationId(page, HARBOR);
    await page.goto(`/organizations/${orgId}/users`);
    await expect(page.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
    const table = page.locator('.search-table');
    await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();
    for (const header of ['User Name', 'User Type', 'User Roles', 'Status'])
      await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    const all = await tableRows(table);
    expect(all.some((r) => r[3] === 'Deactivated')).toBe(true);
    expect(all.some((r) => r[3] === 'Active')).toBe(true);
    await checkA11y(page);

    await choose(page, page.getByRole('combobox', { name: 'Status' }), 'Deactivated');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/[?&]users\.active=false(&|$)/);
    await expect(async () => {
      const rows = await tableRows(table);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.length).toBeLessThan(all.length);
      for (const row of rows) expect(row[3]).toBe('Deactivated');
    }).toPass();

    await page.getByRole('button', { name: 'Clear Filters' }).click();
    const roles = page.getByRole('combobox', { name: 'Roles' });
    await roles.click();
    const dropdown = page.locator('.ant-select-dropdown').filter({ visible: true });
    // Grouped Client and Broker for an internal user.
    await expect(dropdown.getByText('Client', { exact: true })).toBeVisible();
    await expect(dropdown.getByText('Broker', { exact: true })).toBeVisible();
    await dropdown.locator('.ant-select-item-option').filter({ hasText: 'Files' }).first().click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/[?&]users\.roleId=\d+(&|$)/);
    await expect(async () => {
      const rows = await tableRows(table);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row[1]).toBe('Client');
      for (const row of rows) expect(row[2]).toContain('Files');
    }).toPass();

    await page.getByRole('button', { name: 'Clear Filters' }).click();
    const someone = all[0]![0]!;
    const last = someone.split(' ').at(-1)!;
    await page.getByRole('textbox', { name: 'User Name' }).fill(last);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(async () => {
      const rows = await tableRows(table);
      expect(rows.map((r) => r[0])).toContain(someone);
      for (const row of rows) expect(row[0]!.toLowerCase()).toContain(last.toLowerCase());
    }).toPass();
    await checkA11y(page);
  });
});

test('the group-restricted client sees only their two groups', async ({ page }) => {
  await signIn(page, 'client', { path: '/organizations' });
  const orgId = await organizationId(page, CEDAR);
  await page.goto(`/organizations/${orgId}/dashboard`);
  const groupsPanel = panel(page, 'Groups');
  await expect(groupsPanel.locator('tbody tr.ant-table-row')).toHaveCount(2);
  await expect(groupsPanel).toContainText('2 groups');
  await checkA11y(page);
});
