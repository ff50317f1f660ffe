import { type Locator, type Page } from '@playwright/test';
import { DATA_MAPPING_MESSAGES } from '@pillar/domain';
import { expect } from '../fixtures.ts';

/** Step 3 of the import schema wizard, Mapping & Transformations. */
export function mappingStep(page: Page): Locator {
  return page.getByRole('region', { name: 'Mapping & Transformations' });
}

/** The mapping table of step 3, once the template is generated or loaded. */
export async function mappingTable(page: Page): Promise<Locator> {
  const table = mappingStep(page).getByRole('table', { name: 'Mapping' });
  await expect(table).toBeVisible({ timeout: 30_000 });
  return table;
}

/**
 * An option of the open select's dropdown, by its title. A click while the dropdown still opens
 * is lost (antd's animation; seen in CI): click again until the dropdown has closed on it.
 */
export async function pickOption(page: Page, title: string): Promise<void> {
  const dropdown = page.locator('.ant-select-dropdown:visible');
  await expect(async () => {
    await dropdown.locator(`.ant-select-item-option[title="${title}"]`).click({ timeout: 2_000 });
    await expect(dropdown).toHaveCount(0, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/**
 * Step 3 with a generated template: every required target still without a source ('This field is
 * required') reads the first source column, so Next may save the template. For the tests whose
 * subject is another step; data-mapping.spec maps on purpose.
 */
export async function mapRequiredTargets(page: Page): Promise<void> {
  const table = await mappingTable(page);
  const unmapped = table.locator('tr').filter({ hasText: DATA_MAPPING_MESSAGES.fieldRequired });
  const dropdown = page.locator('.ant-select-dropdown:visible');
  for (let left = await unmapped.count(); left > 0; left = await unmapped.count()) {
    await expect(dropdown).toHaveCount(0);
    const box = unmapped.first().getByRole('combobox');
    // A click on an option while the dropdown still opens (or the last one still closes) is
    // lost: try again until the row is mapped. Only a lost click repeats, so the row is still the
    // first unmapped one.
    await expect(async () => {
      if ((await dropdown.count()) === 0) await box.click();
      await dropdown
        .locator('.ant-select-item-option')
        .filter({ hasNotText: 'Select one' })
        .first()
        .click({ timeout: 2_000 });
      await expect(unmapped).toHaveCount(left - 1, { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
  }
}
