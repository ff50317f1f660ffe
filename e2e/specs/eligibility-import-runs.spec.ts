// Eligibility import runs (issue 17, decisions 0123, 0129), as a superuser: an 834 uploaded on an
// organization's import configuration (Run Import in the configuration's runs drawer), its preview
// read on the run page (counts by kind, the changes, the rejected row with its field and message),
// one new member deselected, the 999 downloaded, Apply confirmed with its counts; then the member
// that was applied opened on its page, the deselected one absent, and the run listed as applied
// on the configuration, and the organization exported as an 834 holding it. axe on the drawer,
// the run page and the confirm; screenshots at 1024 px.
import { readFile } from 'node:fs/promises';
import { type Browser, type Page } from '@playwright/test';
import {
  type BenefitGroup,
  type EmployeeSearchRow,
  type ImportConfiguration,
  type ImportSchema,
  type OrganizationSummary,
  type Page as ResultPage,
} from '@pillar/domain';
import { apiGet, expect, signIn, test } from '../fixtures.ts';
import { apiPost } from '../helpers/api.ts';
import { pickOption } from '../helpers/mapping.ts';
import { checkA11y, drawer, panel, shownDialog } from '../helpers/ui.ts';

const SCREENSHOTS = 'test-results/eligibility-import-runs';

/** Letters unique to this run (names may hold letters only). */
function letters(count: number): string {
  const digits = String(Date.now()).slice(-count);
  return [...digits].map((d) => 'bcdfghjklm'[Number(d)]).join('');
}

/** A 9-digit SSN unique to the run (two workers may start in one millisecond): prefix, clock, random. */
function ssn(prefix: string): string {
  const random = String(Math.floor(Math.random() * 1000)).padStart(3, '0');
  return `${prefix}${String(Date.now()).slice(-4)}${random}`;
}

const d8 = (iso: string) => iso.replaceAll('-', '');

interface Person {
  ssn: string;
  first: string;
  last: string;
  birth: string;
  gender: 'M' | 'F';
}

/** One member loop (2000) of an 834: INS, the subscriber REF, the group, name, DMG, coverage. */
function memberLoop(
  p: Person,
  subscriberSsn: string,
  relationship: '18' | '01',
  group: string,
  begin: string,
  end?: string,
): string[] {
  return [
    `INS*${relationship === '18' ? 'Y' : 'N'}*${relationship}*021*28*A***FT`,
    `REF*0F*${subscriberSsn}`,
    `REF*1L*${group}`,
    `NM1*IL*1*${p.last.toUpperCase()}*${p.first.toUpperCase()}****34*${p.ssn}`,
    `DMG*D8*${d8(p.birth)}*${p.gender}`,
    `HD*021**PDG*RX PLAN`,
    `DTP*348*D8*${d8(begin)}`,
    ...(end ? [`DTP*349*D8*${d8(end)}`] : []),
  ];
}

/** An 834 (005010X220A1) adding the members, in one interchange, group and transaction. */
function file834(loops: string[][]): string {
  const body = [
    'ST*834*0001*005010X220A1',
    'BGN*00*E2E-0001*20261124*1200****2',
    'N1*P5*E2E SPONSOR*FI*123456789',
    'N1*IN*PILLAR PBM*FI*987654321',
    ...loops.flat(),
  ];
  return [
    'ISA*00*          *00*          *ZZ*SPONSOR01      *ZZ*PILLARPBM      *261124*1200*^*00501*000000101*0*T*:',
    'GS*BE*SPONSOR01*PILLARPBM*20261124*1200*7001*X*005010X220A1',
    ...body,
    `SE*${body.length + 1}*0001`,
    'GE*1*7001',
    'IEA*1*000000101',
  ]
    .map((s) => `${s}~`)
    .join('\n');
}

async function screenshot(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1024, height: 900 });
  await page.mouse.move(0, 0);
  await page.screenshot({
    path: `${SCREENSHOTS}/${name}-1024.png`,
    fullPage: true,
    animations: 'disabled',
  });
}

/** The run's status tag beside its title. */
function statusTag(page: Page, status: string) {
  return page.locator('main .ant-tag').filter({ hasText: new RegExp(`^${status}$`) });
}

/** The changes table's row holding the text. */
function changeRow(page: Page, text: string) {
  return page
    .getByRole('table', { name: 'Changes' })
    .locator('tr.ant-table-row')
    .filter({ hasText: text });
}

test('an 834 is previewed, one member deselected, applied, and the run listed', async ({
  page,
}) => {
  test.slow();
  await signIn(page, 'superAdmin', { path: '/home' });
  const organizations = await apiGet<ResultPage<OrganizationSummary>>(
    page,
    '/portal/v1/organizations?limit=1&processStatus=1&sort=name:asc',
  );
  const organization = organizations.data[0]!;
  const orgId = organization.organizationNo;
  const groups = await apiGet<ResultPage<BenefitGroup>>(
    page,
    `/portal/v1/organizations/${orgId}/groups?processStatus=1&limit=100&sort=name:asc`,
  );
  const group = groups.data.find((g) => !g.expirationDate)!;
  const begin = [group.effectiveDate, '2025-03-03'].sort().at(-1)!;

  const tag = letters(6);
  const schema = await apiPost<ImportSchema>(page, '/eligibilityImportSchema', {
    name: `E2E 834 Runs ${tag}`,
    importerType: 1,
    mediaType: 'edi',
    edi834Filename: '005010X220A1',
  });
  const configName = `E2E 834 Config ${tag}`;
  await apiPost<ImportConfiguration>(page, '/eligibilityImportSchema/eligibility-import-configs', {
    eicName: configName,
    eicStatus: 1,
    organizationNo: orgId,
    eligibilityImportSchemaNo: schema.id,
  });

  const kept: Person = {
    ssn: ssn('61'),
    first: 'Imogen',
    last: `Runkept${tag}`,
    birth: '1984-05-12',
    gender: 'F',
  };
  const spouse: Person = {
    ssn: ssn('62'),
    first: 'Ansel',
    last: `Runkept${tag}`,
    birth: '1983-02-03',
    gender: 'M',
  };
  const skipped: Person = {
    ssn: ssn('63'),
    first: 'Oswin',
    last: `Runskip${tag}`,
    birth: '1990-09-21',
    gender: 'M',
  };
  const bad: Person = {
    ssn: ssn('64'),
    first: 'Petra',
    last: `Runbad${tag}`,
    birth: '1979-11-30',
    gender: 'F',
  };
  const beforeBegin = `${Number(begin.slice(0, 4)) - 1}${begin.slice(4)}`;
  const content = file834([
    memberLoop(kept, kept.ssn, '18', group.benefitGroupId, begin),
    memberLoop(spouse, kept.ssn, '01', group.benefitGroupId, begin),
    memberLoop(skipped, skipped.ssn, '18', group.benefitGroupId, begin),
    // Ends before it begins: rejected on its Termination Date.
    memberLoop(bad, bad.ssn, '18', group.benefitGroupId, begin, beforeBegin),
  ]);

  // The configuration's runs drawer: Run Import uploads the file and opens the run's page.
  await page.goto(`/organizations/${orgId}/dashboard`);
  const card = panel(page, 'Import Configurations');
  await card.getByRole('button', { name: `Import Runs of ${configName}` }).click();
  const runs = drawer(page);
  await expect(runs.getByText(`Import Runs: ${configName}`)).toBeVisible();
  await expect(runs.getByText('No import runs yet.')).toBeVisible();
  await checkA11y(page);
  await runs.locator('input[type=file]').setInputFiles({
    name: `e2e-${tag}.834`,
    mimeType: 'text/plain',
    buffer: Buffer.from(content),
  });
  await expect(page).toHaveURL(new RegExp(`/organizations/${orgId}/import-runs/\\d+$`));
  const runId = Number(page.url().split('/').at(-1));
  // The page is the server's state: a reload while the job works picks the run up again.
  await page.reload();

  // The preview: the job reads, validates and compares; the page polls until it is previewed.
  await expect(page.getByRole('heading', { level: 1, name: `Import Run ${runId}` })).toBeVisible();
  await expect(statusTag(page, 'Previewed')).toBeVisible({
    timeout: 60_000,
  });
  const counts = panel(page, 'Changes by Kind');
  const count = (label: string) =>
    counts
      .locator('th.ant-descriptions-item-label')
      .filter({ hasText: new RegExp(`^${label}$`) })
      .locator('xpath=following-sibling::td[1]');
  await expect(count('New member')).toHaveText('2');
  await expect(count('New dependent')).toHaveText('1');
  await expect(count('Rejected rows')).toHaveText('1');
  await expect(page.getByText(/^4 rows read · \d validated · 0 applied$/)).toBeVisible();

  const rejected = page.getByRole('table', { name: 'Rejected rows' });
  await expect(rejected.locator('tr.ant-table-row')).toHaveCount(1);
  await expect(rejected.locator('tr.ant-table-row')).toContainText('Termination Date');

  // Deselect the second new member: the selection is saved, two changes stay selected.
  const skippedRow = changeRow(page, skipped.last);
  await expect(skippedRow).toContainText('New member');
  await expect(changeRow(page, kept.last).first()).toBeVisible();
  await skippedRow.getByRole('checkbox').uncheck();
  await expect(page.getByText('2 of 3 changes selected')).toBeVisible();
  await expect(skippedRow.getByRole('checkbox')).not.toBeChecked();

  // The 999 acknowledgment of the 834.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: /999 Acknowledgment$/ }).click();
  const ack = await downloading;
  const ackPath = await ack.path();
  const ackText = await readFile(ackPath, 'utf8');
  expect(ackText).toContain('ST*999*');
  expect(ackText).toContain('AK1*BE*');

  await checkA11y(page);
  await screenshot(page, 'run-previewed');

  // Apply, confirmed with its counts.
  await page.getByRole('button', { name: /^(loading )?Apply$/ }).click();
  const confirm = await shownDialog(page, 'Apply 2 changes?');
  await expect(confirm).toContainText('1 deselected changes and 1 rejected rows are left out');
  await checkA11y(page);
  await confirm.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(statusTag(page, 'Applied')).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByText('Applied: 2 changes written to members.')).toBeVisible();
  // The changes on the page follow the run's end without a reload: Applied says Yes for the
  // new member and its dependent, No for the deselected member.
  for (const row of await changeRow(page, kept.last).all())
    await expect(row.locator('td').last()).toHaveText('Yes');
  await expect(skippedRow.locator('td').last()).toHaveText('No');
  await screenshot(page, 'run-applied');

  // The applied member is in Pillar; the deselected one is not.
  const found = await apiGet<ResultPage<EmployeeSearchRow>>(
    page,
    `/portal/v1/organizations/${orgId}/employees?name=${kept.last}&limit=10`,
  );
  expect(found.data).toHaveLength(1);
  const notAdded = await apiGet<ResultPage<EmployeeSearchRow>>(
    page,
    `/portal/v1/organizations/${orgId}/employees?name=${skipped.last}&limit=10`,
  );
  expect(notAdded.data).toHaveLength(0);
  await page.goto(`/organizations/${orgId}/employees/${found.data[0]!.employeeNo}`);
  // The 834 names members in capitals; the import keeps them as the file has them.
  await expect(
    page.getByRole('heading', { level: 1, name: `${kept.last}, ${kept.first}`.toUpperCase() }),
  ).toBeVisible();
  await expect(panel(page, 'Dependents')).toContainText(
    `${spouse.last}, ${spouse.first}`.toUpperCase(),
  );

  // The run is listed on its configuration, applied.
  await page.goto(`/organizations/${orgId}/dashboard`);
  await panel(page, 'Import Configurations')
    .getByRole('button', { name: `Import Runs of ${configName}` })
    .click();
  const listed = drawer(page)
    .locator('tr.ant-table-row')
    .filter({ hasText: `#${runId}` });
  await expect(listed).toContainText(`e2e-${tag}.834`);
  await expect(listed).toContainText('Applied');
  await expect(listed).toContainText('2 changes applied');
  await screenshot(page, 'runs-drawer');
  await drawer(page).getByRole('button', { name: 'Close' }).click();

  // The organization's eligibility as an 834, every member: the applied member is in it.
  const exporting = page.waitForEvent('download');
  await panel(page, 'Import Configurations')
    .getByRole('button', { name: /^(loading )?Export 834( down)?$/ })
    .click();
  await page.getByRole('menuitem', { name: 'Full file (every member)' }).click();
  const exported = await readFile(await (await exporting).path(), 'utf8');
  expect(exported).toContain('ST*834*');
  expect(exported).toContain(kept.last.toUpperCase());
  expect(exported).not.toContain(skipped.last.toUpperCase());
});

/** A superuser in a browser context of its own (the client's test sets up through the API). */
async function adminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const admin = await context.newPage();
  await signIn(admin, 'superAdmin', { path: '/home' });
  return admin;
}

// Issue 17's gaps (decision 0138), as the client persona (Manage Eligibility, one organization,
// two of its groups): the Import Configurations card and Run Import reach a client; the upload
// is marked a full file; a row moving a member into a group the client does not hold is
// rejected; the rejected rows filter by field and message; Apply marks the applied change Yes
// and the deselected one No in the Applied column.
test('a client runs an import on its own organization: full file, group scope, rejected filter, Applied column', async ({
  page,
  browser,
}) => {
  test.slow();
  await signIn(page, 'client', { path: '/home' });
  const organizations = await apiGet<ResultPage<OrganizationSummary>>(
    page,
    '/portal/v1/organizations?limit=10',
  );
  expect(organizations.totalCount).toBe(1);
  const orgId = organizations.data[0]!.organizationNo;
  const mine = await apiGet<ResultPage<BenefitGroup>>(
    page,
    `/portal/v1/organizations/${orgId}/groups?processStatus=1&limit=100&sort=name:asc`,
  );
  const group = mine.data.find((g) => !g.expirationDate)!;
  const begin = [group.effectiveDate, '2025-03-03'].sort().at(-1)!;

  const admin = await adminPage(browser);
  const tag = letters(6);
  const configName = `E2E Client Config ${tag}`;
  let otherGroup: BenefitGroup | undefined;
  try {
    const all = await apiGet<ResultPage<BenefitGroup>>(
      admin,
      `/portal/v1/organizations/${orgId}/groups?processStatus=1&limit=100&sort=name:asc`,
    );
    const held = new Set(mine.data.map((g) => g.benefitGroupNo));
    otherGroup = all.data.find((g) => !held.has(g.benefitGroupNo) && !g.expirationDate);
    const schema = await apiPost<ImportSchema>(admin, '/eligibilityImportSchema', {
      name: `E2E 834 Client ${tag}`,
      importerType: 1,
      mediaType: 'edi',
      edi834Filename: '005010X220A1',
    });
    await apiPost<ImportConfiguration>(
      admin,
      '/eligibilityImportSchema/eligibility-import-configs',
      {
        eicName: configName,
        eicStatus: 1,
        organizationNo: orgId,
        eligibilityImportSchemaNo: schema.id,
      },
    );
  } finally {
    await admin.context().close();
  }
  // The seeded organization has a group the client does not hold.
  expect(otherGroup).toBeDefined();

  const person = (prefix: string, first: string, last: string): Person => ({
    ssn: ssn(prefix),
    first,
    last: `${last}${tag}`,
    birth: '1986-04-14',
    gender: 'F',
  });
  const kept = person('71', 'Greta', 'Clientkept');
  const skipped = person('72', 'Hollis', 'Clientskip');
  const elsewhere = person('73', 'Ines', 'Clientelse');
  const early = person('74', 'Jory', 'Clientearly');
  const beforeBegin = `${Number(begin.slice(0, 4)) - 1}${begin.slice(4)}`;
  const content = file834([
    memberLoop(kept, kept.ssn, '18', group.benefitGroupId, begin),
    memberLoop(skipped, skipped.ssn, '18', group.benefitGroupId, begin),
    memberLoop(elsewhere, elsewhere.ssn, '18', otherGroup!.benefitGroupId, begin),
    memberLoop(early, early.ssn, '18', group.benefitGroupId, begin, beforeBegin),
  ]);

  // The client's organization page offers the configuration and Run Import, without the
  // internal schema link or edits.
  await page.goto(`/organizations/${orgId}/dashboard`);
  const card = panel(page, 'Import Configurations');
  await expect(card.getByRole('button', { name: `Import Runs of ${configName}` })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Add Configuration' })).toHaveCount(0);
  await expect(card.getByRole('link', { name: `E2E 834 Client ${tag}` })).toHaveCount(0);
  await card.getByRole('button', { name: `Import Runs of ${configName}` }).click();
  const runs = drawer(page);
  await expect(runs.getByText(`Import Runs: ${configName}`)).toBeVisible();
  await runs.getByRole('checkbox', { name: 'Full file (compare the whole roster)' }).check();
  await checkA11y(page);
  await screenshot(page, 'client-runs-drawer');
  await runs.locator('input[type=file]').setInputFiles({
    name: `e2e-client-${tag}.834`,
    mimeType: 'text/plain',
    buffer: Buffer.from(content),
  });
  await expect(page).toHaveURL(new RegExp(`/organizations/${orgId}/import-runs/\\d+$`));
  const runId = Number(page.url().split('/').at(-1));
  await expect(statusTag(page, 'Previewed')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(/^Yes: members absent from the file are listed/)).toBeVisible();

  const counts = panel(page, 'Changes by Kind');
  const count = (label: string) =>
    counts
      .locator('th.ant-descriptions-item-label')
      .filter({ hasText: new RegExp(`^${label}$`) })
      .locator('xpath=following-sibling::td[1]');
  await expect(count('New member')).toHaveText('2');
  await expect(count('Rejected rows')).toHaveText('2');

  // The rejected rows: the other group's row and the early termination; filtered by field,
  // then by text in the message.
  const rejectedCard = panel(page, 'Rejected Rows');
  const rejected = page.getByRole('table', { name: 'Rejected rows' });
  await expect(rejected.locator('tr.ant-table-row')).toHaveCount(2);
  await rejectedCard.getByRole('combobox', { name: 'Rejected field' }).click();
  await pickOption(page, 'Group');
  await expect(rejected.locator('tr.ant-table-row')).toHaveCount(1);
  await expect(rejected.locator('tr.ant-table-row')).toContainText(
    'The group is not one of the groups you may change in this organization.',
  );
  await rejectedCard.locator('.ant-select-clear').click({ force: true });
  await expect(rejected.locator('tr.ant-table-row')).toHaveCount(2);
  const search = rejectedCard.getByRole('searchbox', { name: 'Message contains' });
  await search.fill('TERMINATION');
  await search.press('Enter');
  await expect(rejected.locator('tr.ant-table-row')).toHaveCount(1);
  await expect(rejected.locator('tr.ant-table-row')).toContainText('Termination Date');
  // The rejected rows' CSV holds what the filter shows.
  const downloading = page.waitForEvent('download');
  await rejectedCard.getByRole('button', { name: /Rejected Rows \(CSV\)$/ }).click();
  const csv = await readFile(await (await downloading).path(), 'utf8');
  expect(csv.trim().split('\n')).toHaveLength(2);
  expect(csv).toContain('termDate');
  await checkA11y(page);
  await screenshot(page, 'client-run-previewed');

  // Deselect one new member, apply the other.
  const skippedRow = changeRow(page, skipped.last);
  await skippedRow.getByRole('checkbox').uncheck();
  await expect(page.getByText('1 of 2 changes selected')).toBeVisible();
  await page.getByRole('button', { name: /^(loading )?Apply$/ }).click();
  const confirm = await shownDialog(page, 'Apply 1 changes?');
  await expect(confirm).toContainText('Members absent from the file are not terminated.');
  await confirm.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(statusTag(page, 'Applied')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('Applied: 1 changes written to members.')).toBeVisible();

  // The Applied column: Yes for the applied change, No for the deselected one.
  const changes = page.getByRole('table', { name: 'Changes' });
  await expect(changes.getByRole('columnheader', { name: 'Applied' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Kind of change' }).click();
  await pickOption(page, 'New member');
  await expect(changeRow(page, kept.last).locator('td').last()).toHaveText('Yes');
  await expect(changeRow(page, skipped.last).locator('td').last()).toHaveText('No');
  await page.reload();
  await page.getByRole('combobox', { name: 'Kind of change' }).click();
  await pickOption(page, 'New member');
  await expect(changeRow(page, kept.last).locator('td').last()).toHaveText('Yes');
  await screenshot(page, 'client-run-applied');

  // The applied member is the client's; the deselected and the other group's are not in Pillar.
  for (const [who, n] of [
    [kept, 1],
    [skipped, 0],
    [elsewhere, 0],
  ] as const) {
    const found = await apiGet<ResultPage<EmployeeSearchRow>>(
      page,
      `/portal/v1/organizations/${orgId}/employees?name=${who.last}&limit=10`,
    );
    expect(found.data, who.last).toHaveLength(n);
  }

  // The client's members the full file leaves out have no file row: each is named as Pillar
  // holds it, never '—'.
  await page.getByRole('combobox', { name: 'Kind of change' }).click();
  await pickOption(page, 'Absent from full file (not terminated)');
  const absent = changes.locator('tr.ant-table-row');
  await expect(absent.first()).toContainText('Absent from full file (not terminated)');
  for (const row of await absent.all()) {
    await expect(row).toContainText(/\S, \S[^\n]*SSN ending \d{4}/);
    await expect(row).not.toContainText('—SSN ending');
  }
  expect(runId).toBeGreaterThan(0);
});
