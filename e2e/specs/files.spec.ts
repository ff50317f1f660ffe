// Secure file exchange (spec 3 §2 "Files area", §5, §8; spec 1 §2 "Files card"): the account
// manager uploads three files with PHI to Cedar Valley's client and broker, sees them on home and
// copies a link; the client finds them on home and downloads one; a colleague who is no recipient
// gets the not-found page; the uploader sees the receipt and deletes the file. Every file this
// spec uploads is deleted again, so no other spec sees them.
import fs from 'node:fs';
import { type Browser, type Locator, type Page } from '@playwright/test';
import { FILE_MESSAGES, type FileSummary, type Page as ListPage } from '@pillar/domain';
import {
  HOME_TOUR_STORAGE_KEY,
  accessTokenOf,
  apiGet,
  expect,
  expectNoSeriousA11yViolations,
  signIn,
  test,
  type PersonaKey,
} from '../fixtures.ts';

const RUN = Date.now().toString(36);
const FILES = [
  {
    name: `e2e-${RUN} Enrollment Changes.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from('member_id,last_name,first_name\nM100,Okafor,Ada\n'),
  },
  {
    name: `e2e-${RUN} Benefit Summary.pdf`,
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n'),
  },
  {
    name: `e2e-${RUN} Census.xlsx`,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(200, 7)]),
  },
];

/** Picks an option of an antd select by its visible title (the role=option copies are hidden). */
async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page
    .locator('.ant-select-dropdown')
    .filter({ visible: true })
    .getByTitle(option, { exact: true })
    .click();
}

/** A second user in a browser context of their own, signed in through the real login page. */
async function signInElsewhere(browser: Browser, key: PersonaKey, path: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 1440, height: 900 },
    locale: 'en-US',
    timezoneId: 'UTC',
  });
  await context.addInitScript((storageKey) => {
    window.localStorage.setItem(storageKey, 'seen');
  }, HOME_TOUR_STORAGE_KEY);
  const page = await context.newPage();
  await signIn(page, key, { path });
  return page;
}

function filesCard(page: Page) {
  return page.getByRole('region', { name: 'Files', exact: true });
}

test('upload with PHI to two recipients, download as a recipient, refuse a non-recipient, copy the link, delete', async ({
  page,
  browser,
  browserErrors,
}) => {
  const uploaded: FileSummary[] = [];
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, 'accountManager', { path: '/files' });
  try {
    await test.step('the account manager uploads three PHI files for the client and the broker', async () => {
      await expect(page.getByRole('heading', { level: 1, name: 'Files' })).toBeVisible();
      await expect(page.getByRole('columnheader', { name: 'File Name' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      await page.getByRole('button', { name: 'Add New File' }).click();
      const drawer = page.getByRole('dialog', { name: 'Upload File' });
      await expect(drawer).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      await drawer.locator('input[type=file]').setInputFiles(FILES);
      await expect(drawer.getByText('3 of 10 files chosen')).toBeVisible();
      // The searchable select re-renders its list while the search settles, so a click can land
      // on an option that is being replaced: choose until the organization holds (Recipients
      // open up only then), and close the list before the next field.
      const organization = drawer.getByRole('combobox', { name: 'Organization' });
      const recipients = drawer.getByRole('combobox', { name: 'Recipients' });
      await expect(async () => {
        if (await recipients.isDisabled()) {
          await organization.fill('Cedar Valley');
          await page
            .locator('.ant-select-dropdown')
            .filter({ visible: true })
            .getByTitle('Cedar Valley Manufacturing', { exact: true })
            .click({ timeout: 2000 });
        }
        if ((await organization.getAttribute('aria-expanded')) === 'true') {
          await page.keyboard.press('Escape');
        }
        await expect(organization).toHaveAttribute('aria-expanded', 'false', { timeout: 500 });
        await expect(recipients).toBeEnabled({ timeout: 2000 });
      }).toPass();
      await choose(page, drawer, 'Category', 'Eligibility');
      await drawer.getByRole('checkbox', { name: /Contains PHI/ }).check();
      await choose(page, drawer, 'Recipients', 'Leila Haddad (Client)');
      await choose(page, drawer, 'Recipients', 'Jonah Whitfield (Broker)');
      await page.keyboard.press('Escape');

      const answer = page.waitForResponse(
        (r) => r.url().endsWith('/portal/v1/files') && r.request().method() === 'POST',
      );
      await drawer.getByRole('button', { name: 'Upload', exact: true }).click();
      const response = await answer;
      expect(response.status()).toBe(201);
      uploaded.push(...((await response.json()) as { data: FileSummary[] }).data);
      await expect(drawer).toBeHidden();

      await page.getByRole('textbox', { name: 'File Name' }).fill(`e2e-${RUN}`);
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`files\\.name=e2e-${RUN}`));
      const rows = page
        .getByRole('main')
        .getByRole('row')
        .filter({ hasText: `e2e-${RUN}` });
      await expect(rows).toHaveCount(3);
      for (const file of FILES) {
        const row = rows.filter({ hasText: file.name });
        await expect(row.getByText('PHI', { exact: true })).toBeVisible();
        await expect(row.getByRole('cell', { name: 'Cedar Valley Manufacturing' })).toBeVisible();
        await expect(row.getByRole('button', { name: `Copy link to ${file.name}` })).toBeVisible();
      }
      await expect(
        rows.filter({ hasText: FILES[2]!.name }).getByRole('cell', { name: 'Excel' }),
      ).toBeVisible();
    });

    await test.step('they are the newest files on the uploader’s home page', async () => {
      await page.goto('/home');
      const card = filesCard(page);
      for (const file of FILES) {
        const link = page.getByRole('link', { name: file.name });
        await expect(card.getByRole('row').filter({ has: link }).getByText('PHI')).toBeVisible();
      }
      await expectNoSeriousA11yViolations(page);
    });

    const pdf = uploaded.find((f) => f.name === FILES[1]!.name)!;
    const link = `/files/${pdf.id}`;

    await test.step('the uploader copies the link', async () => {
      await filesCard(page).getByRole('link', { name: pdf.name }).click();
      await expect(page).toHaveURL(link);
      await expect(page.getByRole('heading', { level: 1, name: pdf.name })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'File Details' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('button', { name: 'Copy Link' }).click();
      await expect(page.getByText(FILE_MESSAGES.linkCopied)).toBeVisible();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(new URL(copied).pathname).toBe(link);
    });

    await test.step('the client sees them on home and downloads one', async () => {
      const client = await signInElsewhere(browser, 'client', '/home');
      try {
        const card = filesCard(client);
        for (const file of FILES)
          await expect(card.getByRole('link', { name: file.name })).toBeVisible();
        await client.goto(link);
        await expect(client.getByRole('heading', { level: 1, name: pdf.name })).toBeVisible();
        // A recipient downloads and views; only the uploader edits, copies and deletes.
        await expect(client.getByRole('button', { name: 'Copy Link' })).toHaveCount(0);
        await expect(client.getByRole('button', { name: 'Delete File' })).toHaveCount(0);
        await expect(client.getByRole('heading', { name: 'File Details' })).toHaveCount(0);
        await expectNoSeriousA11yViolations(client);
        const [download] = await Promise.all([
          client.waitForEvent('download'),
          client.getByRole('button', { name: 'Download' }).click(),
        ]);
        expect(download.suggestedFilename()).toBe(pdf.name);
        expect(fs.readFileSync(await download.path()).equals(FILES[1]!.buffer)).toBe(true);
      } finally {
        await client.context().close();
      }
    });

    await test.step('a colleague of the same organization who is no recipient gets the not-found page', async () => {
      const colleague = await signInElsewhere(browser, 'clientNoSsn', '/home');
      try {
        await colleague.goto(link);
        await expect(colleague.getByRole('heading', { name: 'Page not found' })).toBeVisible();
        await expectNoSeriousA11yViolations(colleague);
        const listed = await apiGet<ListPage<FileSummary>>(
          colleague,
          `/portal/v1/files?name=e2e-${RUN}`,
        );
        expect(listed.totalCount).toBe(0);
      } finally {
        await colleague.context().close();
      }
    });

    await test.step('the uploader sees the receipt, then deletes the file', async () => {
      await page.reload();
      const receipts = page.getByRole('region', { name: 'Downloads' });
      await expect(receipts.getByRole('cell', { name: 'Leila Haddad' })).toBeVisible();
      await page.getByRole('button', { name: 'Delete File' }).click();
      await expect(page.getByText(FILE_MESSAGES.confirmDelete)).toBeVisible();
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      await expect(page).toHaveURL('/files');
      await expect(page.getByRole('heading', { level: 1, name: 'Files' })).toBeVisible();
      await expect(page.getByRole('link', { name: pdf.name })).toHaveCount(0);
      const gone = await page.request.get(`/portal/v1/files/${pdf.id}`, {
        headers: { Authorization: `Bearer ${await accessTokenOf(page)}` },
      });
      expect(gone.status()).toBe(404);
      // The deleted file's own link now leads to the not-found page.
      browserErrors.allow(/status of 404/);
      await page.goto(link);
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    });
  } finally {
    // Leave nothing behind for other specs.
    const token = await accessTokenOf(page).catch(() => null);
    for (const file of uploaded) {
      if (!token) break;
      await page.request.delete(`/portal/v1/files/${file.id}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
    }
  }
});
