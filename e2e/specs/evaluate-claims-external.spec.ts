// Claims workflow shares (issue 19, decision 0144): the financial analyst shares the demo claims
// opportunity with the demo client user from the Claims tab's "Shared with" drawer; the client
// signs in, finds Shared Claims in the navigation, sees the opportunity listed (shared by, since,
// until), uploads and accepts a claims file, maps it through /shared-claims/v1 (the client has no
// data-mapper permission), reaches its Summary and opens it again from Mapped Files with its
// Fill Date Range; no Pricing step, Pricing button or Run Financial Analysis. The broker's
// seeded share is listed the same way. axe on the drawer and the external pages.
import { DATA_MAPPING_MESSAGES, type ClaimsShare, type SharedOpportunity } from '@pillar/domain';
import { accessTokenOf, apiGet, expect, markHomeTourSeen, signIn, test } from '../fixtures.ts';
import { pickOption } from '../helpers/mapping.ts';
import { checkA11y, shownDialog } from '../helpers/ui.ts';

const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const CLAIMS = [
  'Claim No,Member,Date Filled,NDC,Qty,Days,Paid',
  `C1${RUN},M1,2026-01-05,00002143380,30,30,12.50`,
  `C2${RUN},M2,2026-02-03,00093714656,60,30,8.00`,
].join('\n');

test.setTimeout(180_000);

test('an analyst shares an opportunity’s claims with a client, who uploads a file, maps it and reaches Summary without Pricing', async ({
  page,
  browser,
}) => {
  // The demo seed shares the demo claims opportunity with the broker: that names it.
  const brokerContext = await browser.newContext();
  await markHomeTourSeen(brokerContext);
  let opportunity: SharedOpportunity;
  try {
    const brokerPage = await brokerContext.newPage();
    await signIn(brokerPage, 'broker', { path: '/shared-claims' });
    const list = await apiGet<{ data: SharedOpportunity[] }>(brokerPage, '/shared-claims/v1/opps');
    expect(list.data.length, 'the demo seed shares one opportunity with the broker').toBe(1);
    opportunity = list.data[0]!;
    await expect(brokerPage.getByRole('link', { name: opportunity.name })).toBeVisible();
  } finally {
    await brokerContext.close();
  }

  // ---- The analyst shares it with the client ----
  await signIn(page, 'financialAnalyst', { path: '/evaluate/opportunities' });
  const clientName = 'Leila Haddad';
  const shares = await apiGet<{ data: ClaimsShare[] }>(
    page,
    `/evaluate/v1/opps/${opportunity.id}/shares`,
  );
  const earlier = shares.data.find((s) => s.username === 'client@pillar.example');
  if (earlier) {
    // A run that stopped before its end left the share: remove it so this one shares again.
    const removed = await page.request.delete(
      `/evaluate/v1/opps/${opportunity.id}/shares/${earlier.userId}`,
      { headers: { Authorization: `Bearer ${await accessTokenOf(page)}` } },
    );
    expect(removed.status()).toBe(204);
  }
  await page.goto(`/evaluate/opportunities/${opportunity.id}/claims`);
  await page.getByRole('button', { name: /^Shared with \(\d+\)$/ }).click();
  const drawer = await shownDialog(page, 'Shared with');
  await drawer.getByLabel('External user').click();
  await drawer.getByLabel('External user').fill('client@');
  await pickOption(page, `${clientName} (client@pillar.example, client)`);
  await drawer.getByRole('button', { name: /^(loading )?Share$/ }).click();
  const item = drawer.locator('.ant-list-item').filter({ hasText: 'client@pillar.example' });
  await expect(item).toBeVisible();
  await expect(item).toContainText('no end date');
  await checkA11y(page);

  // ---- The client sees it, uploads a claims file and reaches Summary ----
  const clientContext = await browser.newContext();
  await markHomeTourSeen(clientContext);
  try {
    const client = await clientContext.newPage();
    await signIn(client, 'client', { path: '/home' });
    await client.getByRole('link', { name: 'Shared Claims' }).click();
    await expect(client).toHaveURL(/\/shared-claims$/);
    const row = client.getByRole('row').filter({ hasText: opportunity.name });
    await expect(row).toContainText('No end date');
    await checkA11y(client);
    await row.getByRole('link', { name: opportunity.name }).click();
    await expect(client.getByRole('heading', { level: 1, name: opportunity.name })).toBeVisible();
    // File, Mapping and Summary only.
    await expect(client.getByText('Summary', { exact: true }).first()).toBeVisible();
    await expect(client.locator('.claims-tab__steps')).not.toContainText('Pricing');
    await expect(client.getByRole('button', { name: /^Shared with/ })).toHaveCount(0);

    const fileName = `shared-${RUN}.csv`;
    await client.getByRole('button', { name: 'Upload New Claims File' }).click();
    const upload = await shownDialog(client, 'Upload New Claims File');
    await upload.locator('input[type=file]').setInputFiles({
      name: fileName,
      mimeType: 'text/csv',
      buffer: Buffer.from(CLAIMS),
    });
    await expect(upload.getByRole('table', { name: 'Claims file preview' })).toBeVisible();
    await upload.getByRole('button', { name: /^(loading )?Accept$/ }).click();
    await expect(upload).toBeHidden();
    const unmapped = client.locator('section', {
      has: client.getByRole('heading', { name: 'Unmapped Files' }),
    });
    await expect(unmapped.locator('.ant-list-item').filter({ hasText: fileName })).toBeVisible();
    await expect(client.getByRole('button', { name: /^Pricing of / })).toHaveCount(0);
    await checkA11y(client);

    // ---- Mapping through the share (no data-mapper permission): saved, run, registered ----
    await unmapped
      .locator('.ant-list-item')
      .filter({ hasText: fileName })
      .getByRole('button', { name: `Map ${fileName}` })
      .click();
    await expect(client.getByLabel('Template Name')).toBeVisible({ timeout: 30_000 });
    const table = client.getByRole('table', { name: 'Mapping' });
    // The read schema came through the share: its columns are the file's.
    await table.getByRole('combobox').first().click();
    await expect(
      client.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Date Filled"]'),
    ).toBeVisible();
    await client.keyboard.press('Escape');
    await expect(table.getByText(DATA_MAPPING_MESSAGES.fieldRequired)).toHaveCount(0);
    await checkA11y(client);
    await client.getByRole('button', { name: /^(loading )?Save Template$/ }).click();
    await client.getByRole('button', { name: /^(loading )?Start Mapping Job$/ }).click();
    await expect(client.getByRole('heading', { name: 'Fill Date Range' })).toBeVisible({
      timeout: 60_000,
    });
    await expect(client.locator('.claims-summary__count')).toHaveText(/2\s+claims over/);
    // Back on the File stage the mapped file is listed; its Summary opens again.
    await client.reload();
    const mapped = client.locator('section', {
      has: client.getByRole('heading', { name: 'Mapped Files' }),
    });
    const mappedItem = mapped
      .locator('.ant-list-item')
      .filter({ hasText: `shared-${RUN}_mapped.csv` });
    await expect(mappedItem).toBeVisible();
    await mappedItem.getByRole('button', { name: /^Summary of / }).click();
    await expect(client.getByRole('heading', { name: 'Fill Date Range' })).toBeVisible();
    await expect(client.locator('.claims-summary__count')).toContainText('claims over');
    await expect(client.getByRole('button', { name: 'Run Financial Analysis' })).toHaveCount(0);
    await checkA11y(client);

    // The evaluate screens stay internal.
    await client.goto(`/evaluate/opportunities/${opportunity.id}/claims`);
    await expect(client.getByRole('button', { name: 'Upload New Claims File' })).toHaveCount(0);
  } finally {
    await clientContext.close();
  }

  // ---- Removal ends it at once ----
  await item.getByRole('button', { name: `Remove ${clientName}` }).click();
  await expect(item).toBeHidden();
});
