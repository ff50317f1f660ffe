// Coverages and ID cards on the member page: download a temp ID card, e-mail a 24-hour link and
// claim the card on the public page with the cardholder's answers, request a new card.
import fs from 'node:fs';
import { type Locator, type Page } from '@playwright/test';
import {
  TEMP_CARD_LINK_SENT,
  formatDate,
  splitCoverages,
  todayIso,
  type Coverage,
  type CoverageList,
  type OrganizationSummary,
  type Page as ResultPage,
} from '@pillar/domain';
import {
  accessTokenOf,
  apiGet,
  expect,
  expectNoSeriousA11yViolations,
  signIn,
  test,
} from '../fixtures.ts';
import { outboxMatch } from '../helpers/api.ts';

/** Members of this organization are left to this spec: other specs work in Cedar Valley. */
const ORGANIZATION = 'City of Northfield';

interface Cardholder {
  organizationNo: number;
  employeeNo: number;
  lastName: string;
  birthdate: string;
  zip: string;
  coverage: Coverage;
}

interface EmployeeRow {
  employeeNo: number;
}

/**
 * A member of the organization with a current coverage that offers temp cards and new card
 * requests, not yet requested, and a zip on file; `skip` picks a different one per test.
 */
async function findCardholder(page: Page, skip: number): Promise<Cardholder> {
  const orgs = await apiGet<ResultPage<OrganizationSummary>>(
    page,
    `/portal/v1/organizations?name=${encodeURIComponent(ORGANIZATION)}`,
  );
  const organizationNo = orgs.data.find((o) => o.name === ORGANIZATION)!.organizationNo;
  const employees = await apiGet<ResultPage<EmployeeRow>>(
    page,
    `/portal/v1/organizations/${organizationNo}/employees?limit=100&offset=0&processStatus=active`,
  );
  let found = 0;
  for (const { employeeNo } of employees.data) {
    const base = `/portal/v1/organizations/${organizationNo}/employees/${employeeNo}`;
    const { data } = await apiGet<CoverageList>(page, `${base}/coverages`);
    const coverage = splitCoverages(data, todayIso()).active.find(
      (c) => c.supportsTempCard && c.supportsNewCardRequest && !c.newCard,
    );
    if (!coverage) continue;
    const member = await apiGet<{ lastName: string; birthdate: string; zip: string | null }>(
      page,
      base,
    );
    if (!member.zip) continue;
    if (found++ < skip) continue;
    return { organizationNo, employeeNo, ...member, zip: member.zip, coverage };
  }
  throw new Error(`No member of ${ORGANIZATION} with a temp card and a zip`);
}

async function openMemberPage(page: Page, holder: Cardholder): Promise<Locator> {
  await page.goto(`/organizations/${holder.organizationNo}/employees/${holder.employeeNo}`);
  const panel = page.locator('.id-card-panel');
  await expect(panel.getByRole('heading', { level: 2, name: 'Coverage' })).toBeVisible();
  await expect(panel.getByRole('heading', { level: 3, name: 'Active Coverage' })).toBeVisible();
  return panel;
}

function coverageItem(panel: Locator, coverage: Coverage): Locator {
  return panel.getByRole('article', { name: coverage.groupIdAndName }).first();
}

/** The newest temp card link e-mailed to an address, from the built-in outbox. */
async function linkFor(page: Page, address: string): Promise<string> {
  const match = await outboxMatch(page, address, /https?:\/\/[^\s]+(\/id-card\/[A-Za-z0-9_-]+)/);
  return match[1]!;
}

test('the Coverage panel lists coverages and downloads a temp ID card as a PDF', async ({
  page,
}) => {
  await signIn(page, 'superAdmin');
  const holder = await findCardholder(page, 0);
  const panel = await openMemberPage(page, holder);
  const item = coverageItem(panel, holder.coverage);
  await expect(item.getByText(holder.coverage.coveragePeriod)).toBeVisible();
  await expect(item.getByText('HDHP')).toBeVisible();
  await expect(item.getByText('Vendor Group Number')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await item.getByRole('button', { name: /Temp ID Card/ }).click();
  const drawer = page.getByRole('dialog', { name: 'Temp ID Card' });
  await expect(drawer.getByText('RxBIN')).toBeVisible();
  await expect(drawer.getByRole('radio', { name: 'Download' })).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  const download = page.waitForEvent('download');
  await drawer.getByRole('button', { name: 'Download' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^temp-id-card-[A-Za-z0-9-]+\.pdf$/);
  expect(
    fs
      .readFileSync(await file.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
});

test('a temp card link is e-mailed and claimed on the public page with the cardholder’s answers', async ({
  page,
  browser,
}) => {
  await signIn(page, 'superAdmin');
  const holder = await findCardholder(page, 1);
  const panel = await openMemberPage(page, holder);
  await coverageItem(panel, holder.coverage)
    .getByRole('button', { name: /Temp ID Card/ })
    .click();
  const drawer = page.getByRole('dialog', { name: 'Temp ID Card' });
  await drawer.getByRole('radio', { name: 'Email' }).check();
  const send = drawer.getByRole('button', { name: 'Email', exact: true });
  await expect(send).toBeDisabled();
  const address = `pharmacist.${Date.now()}@drugstore.example`;
  const field = drawer.getByRole('textbox', { name: 'Email' });
  await field.fill('not-an-address');
  await expect(send).toBeDisabled();
  await field.fill(address);
  await expect(send).toBeEnabled();
  await drawer.getByRole('checkbox', { name: 'BCC Myself?' }).check();
  await send.click();
  await expect(drawer.getByText(TEMP_CARD_LINK_SENT)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const path = await linkFor(page, address);

  // The recipient: not signed in.
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const recipient = await context.newPage();
    await recipient.goto(path);
    await expect(
      recipient.getByRole('heading', { level: 1, name: 'Temporary ID Card' }),
    ).toBeVisible();
    await expect(recipient.getByText(holder.lastName)).toHaveCount(0);
    await expectNoSeriousA11yViolations(recipient);

    const form = recipient.getByRole('form', { name: 'Primary cardholder' });
    await form.getByLabel('Last Name').fill('Nobody');
    await form.getByLabel('Date of Birth').fill(formatDate(holder.birthdate));
    await form.getByLabel('Zip Code').fill(holder.zip.slice(0, 5));
    await form.getByRole('button', { name: 'Download Temp ID Card' }).click();
    await expect(recipient.getByRole('alert')).toContainText('do not match the primary cardholder');
    await expect(recipient.getByRole('alert')).toContainText('4 attempts left');
    await expectNoSeriousA11yViolations(recipient);

    await form.getByLabel('Last Name').fill(holder.lastName.toUpperCase());
    const download = recipient.waitForEvent('download');
    await form.getByRole('button', { name: 'Download Temp ID Card' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.pdf$/);
    expect(
      fs
        .readFileSync(await file.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await expect(recipient.getByText('Your temp ID card has been downloaded.')).toBeVisible();

    // The link is used up.
    await recipient.goto(path);
    await expect(recipient.getByRole('alert')).toContainText('already been used');
    await expectNoSeriousA11yViolations(recipient);
  } finally {
    await context.close();
  }
});

test('a new card is requested once: the tag appears and the button is disabled', async ({
  page,
}) => {
  await signIn(page, 'superAdmin');
  const holder = await findCardholder(page, 2);
  const panel = await openMemberPage(page, holder);
  const item = coverageItem(panel, holder.coverage);
  const request = item.getByRole('button', { name: /Request New Card/ });
  await expect(request).toBeEnabled();
  await expect(item.getByText('New Card Requested')).toHaveCount(0);
  await request.click();
  await expect(item.getByText('New Card Requested')).toBeVisible();
  await expect(request).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
});

test('five wrong answers lock the link, and the page says so', async ({ page, browser }) => {
  await signIn(page, 'superAdmin');
  const holder = await findCardholder(page, 3);
  const address = `locked.${Date.now()}@drugstore.example`;
  const sent = await page.request.post(
    `/portal/v1/organizations/${holder.organizationNo}/employees/${holder.employeeNo}/emailTempCard`,
    {
      headers: { Authorization: `Bearer ${await accessTokenOf(page)}` },
      data: {
        withVerification: true,
        recipientEmail: address,
        bccEmail: [],
        coverageNo: holder.coverage.coverageNo,
      },
    },
  );
  expect(sent.ok()).toBe(true);
  const path = await linkFor(page, address);

  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const recipient = await context.newPage();
    await recipient.goto(path);
    const form = recipient.getByRole('form', { name: 'Primary cardholder' });
    await form.getByLabel('Last Name').fill('Nobody');
    await form.getByLabel('Date of Birth').fill(formatDate(holder.birthdate));
    await form.getByLabel('Zip Code').fill(holder.zip.slice(0, 5));
    const submit = form.getByRole('button', { name: 'Download Temp ID Card' });
    for (const left of [4, 3, 2, 1]) {
      await submit.click();
      await expect(recipient.getByRole('alert')).toContainText(
        `${left} ${left === 1 ? 'attempt' : 'attempts'} left`,
      );
    }
    await submit.click();
    await expect(recipient.getByRole('alert')).toContainText('locked after too many wrong answers');
    await expect(submit).toBeDisabled();
    await expectNoSeriousA11yViolations(recipient);

    await recipient.goto(path);
    await expect(recipient.getByRole('alert')).toContainText('locked after too many wrong answers');
    await expect(recipient.getByRole('form', { name: 'Primary cardholder' })).toHaveCount(0);
  } finally {
    await context.close();
  }
});
