// Transformations page and wizard (issue 16; spec 3 §2 "Transformations page", "Transformation
// wizard and drawer", §4, §5, §9), as the data mapper: a value-map (conversion) transformation is
// built with the wizard (0 rows shows the range message, then two rows), tested, created and found
// in the list; a hand-written JSONata expression is typed, tested and saved. axe on the page and
// the modal; screenshots at 1024 and 1440 px. The locked (template-used) case waits for the
// templates seed (decision 0121).
import { type Page } from '@playwright/test';
import {
  TRANSFORMATION_MESSAGES,
  type Page as ResultPage,
  type Transformation,
} from '@pillar/domain';
import { apiGet, expect, signIn, test } from '../fixtures.ts';
import { checkA11y, expectNotice, shownDialog } from '../helpers/ui.ts';

/** Names no other run on the same server has used. */
const RUN = Date.now().toString(36);
const MAPPED = `Gender_Code_${RUN}`;
const HAND = `Upper_Name_${RUN}`;
const SCREENSHOTS = 'test-results/transformations';

async function screenshots(page: Page, name: string): Promise<void> {
  for (const width of [1024, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({
      path: `${SCREENSHOTS}/${name}-${width}.png`,
      fullPage: true,
      animations: 'disabled',
    });
  }
}

test('a value-map transformation from the wizard and a hand-written expression', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'dataMapper', { path: '/data-management/transformations' });
  await expect(page.getByRole('heading', { name: 'Transformations' })).toBeVisible();
  await checkA11y(page);

  // ---- The wizard: a conversion (value map) ----
  await page.getByRole('button', { name: 'Create Transformation' }).click();
  await shownDialog(page, 'Step 1 of');
  const dialog = page.getByRole('dialog', { name: 'Create Transformation' });
  await dialog.getByRole('radio', { name: 'Conversion' }).check();
  await expect(dialog.getByText('Step 1 of 8')).toBeVisible();
  await checkA11y(page);
  const next = dialog.getByRole('button', { name: 'Next' });
  await next.click();
  // Name: what cannot be typed is dropped as it is typed.
  await dialog.getByLabel('Name').fill(`${MAPPED} x!`);
  await expect(dialog.getByLabel('Name')).toHaveValue(`${MAPPED}x`);
  await dialog.getByLabel('Name').fill(MAPPED);
  await next.click();
  await next.click();
  await expect(dialog.getByText(TRANSFORMATION_MESSAGES.descriptionRequired)).toBeVisible();
  await dialog.getByLabel('Description').fill('M and F to the member file codes 1 and 2');
  await next.click();
  await next.click(); // null check: yes
  await next.click(); // with output: yes
  await expect(dialog.getByText('Does capitalization matter?')).toBeVisible();
  await dialog.getByRole('radio', { name: 'No' }).check(); // capitalization does not matter
  await next.click();

  const count = dialog.getByLabel('How many values?');
  await count.fill('0');
  await next.click();
  await expect(dialog.getByText(TRANSFORMATION_MESSAGES.valueMapRange)).toBeVisible();
  await count.fill('100');
  await next.click();
  await expect(dialog.getByText(TRANSFORMATION_MESSAGES.valueMapRange)).toBeVisible();
  await count.fill('2');
  await expect(dialog.getByText(TRANSFORMATION_MESSAGES.valueMapRange)).toHaveCount(0);
  await dialog.getByLabel('From 1').fill('M');
  await next.click();
  await expect(dialog.getByText(TRANSFORMATION_MESSAGES.valueMapRow).first()).toBeVisible();
  await dialog.getByLabel('To 1').fill('1');
  await dialog.getByLabel('From 2').fill('F');
  await dialog.getByLabel('To 2').fill('2');
  await next.click();

  await expect(dialog.getByText('Step 8 of 8')).toBeVisible();
  await dialog.getByLabel('Test input').fill('f');
  await dialog.getByRole('button', { name: 'Test' }).click();
  await expect(dialog.getByText('Output:')).toContainText('2');
  await checkA11y(page);
  await screenshots(page, 'wizard-test-step');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expectNotice(page, TRANSFORMATION_MESSAGES.created);
  await expect(dialog.getByText(TRANSFORMATION_MESSAGES.created)).toBeVisible();
  await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // The new one is selected, its definition in words and its expression read-only; and listed.
  const form = page.getByRole('form', { name: 'Transformation' });
  await expect(form.getByLabel('Name')).toHaveValue(MAPPED);
  await expect(form.getByText('Capitalization matters')).toBeVisible();
  await expect(form.getByText('M → 1, F → 2')).toBeVisible();
  await expect(form.getByLabel('Expression')).toHaveAttribute('readonly', '');
  await page.getByLabel('Search transformations').fill(RUN);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const list = page.getByLabel('Transformations', { exact: true });
  await expect(list.getByRole('button', { name: MAPPED })).toBeVisible();

  // ---- A hand-written expression: Test, then Save ----
  await page.getByRole('button', { name: 'New Expression' }).click();
  await form.getByLabel('Name').fill(HAND);
  await form.getByLabel('Description').fill('The name in capitals, trimmed');
  await form.getByLabel('Expression').fill('$uppercase($trim($))');
  await form.getByLabel('Input').fill('  smith ');
  await form.getByRole('button', { name: 'Test' }).click();
  await expect(form.getByLabel('Result')).toHaveValue('SMITH');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(list.getByRole('button', { name: HAND })).toBeVisible();
  await expect(form.getByLabel('Transformation ID')).not.toHaveValue('');
  await checkA11y(page);
  await screenshots(page, 'page-hand-written');

  // Clear Filters shows the whole library again, alphabetically, a page of 20 at a time.
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  const library = await apiGet<ResultPage<Transformation>>(
    page,
    '/datamapping/v1/transformations?limit=1&offset=0',
  );
  await expect(page.getByText(`${library.totalCount} in all`)).toBeVisible();
  await expect(list.getByRole('button')).toHaveCount(Math.min(library.totalCount, 20));
  const names = await list.getByRole('button').allTextContents();
  expect(names).toEqual(
    [...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })),
  );
  // The last page holds the rest, the alphabetically last of the library at its end.
  const last = await apiGet<ResultPage<Transformation>>(
    page,
    `/datamapping/v1/transformations?limit=1&offset=${library.totalCount - 1}&sort=name:asc`,
  );
  const lastPage = Math.ceil(library.totalCount / 20);
  await page
    .locator('.transformations-list .ant-pagination')
    .getByTitle(String(lastPage), { exact: true })
    .click();
  await expect(list.getByRole('button').last()).toHaveText(last.data[0]!.name);

  // At 1024 px each kind tag shows whole inside the list.
  await page.setViewportSize({ width: 1024, height: 900 });
  const tags = list.locator('.transformations-list__kind');
  await expect(tags.first()).toBeVisible();
  for (const tag of await tags.all()) {
    const whole = await tag.evaluate((el) => {
      const card = el.closest('.ant-card')!.getBoundingClientRect();
      return el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().right <= card.right;
    });
    expect(whole).toBe(true);
  }
  await checkA11y(page);
  await screenshots(page, 'page-last-page');
});
