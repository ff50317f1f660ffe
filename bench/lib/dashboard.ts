import type { Config } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/platform/db/database.ts';

/** Per organization, what the dashboard's drawers ask for: a group and the invoice configurations. */
export interface DashboardDataset {
  firstGroup: Map<number, number>;
  invoiceConfigs: Map<number, number[]>;
}

export async function readDashboardDataset(
  database: Config['database'],
): Promise<DashboardDataset> {
  const opened = await openDatabase(database);
  try {
    const groups = await opened.db
      .selectFrom('benefit_group')
      .select(['organization_no', (eb) => eb.fn.min('benefit_group_no').as('group_no')])
      .groupBy('organization_no')
      .execute();
    const configs = await opened.db
      .selectFrom('invoice_config')
      .select(['organization_no', 'invoice_config_no'])
      .orderBy('invoice_config_no')
      .execute();
    const invoiceConfigs = new Map<number, number[]>();
    for (const c of configs) {
      invoiceConfigs.set(c.organization_no, [
        ...(invoiceConfigs.get(c.organization_no) ?? []),
        c.invoice_config_no,
      ]);
    }
    return {
      firstGroup: new Map(groups.map((g) => [g.organization_no, Number(g.group_no)])),
      invoiceConfigs,
    };
  } finally {
    await opened.close();
  }
}

/** mulberry32, as in workload.ts: the same requests in the same order on every run. */
function createRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * What the organization page's Dashboard tab sends when it opens (the organization, groups,
 * plans, invoice configurations, locations, Med D subsidy), plus the drawers some visitors open
 * (a group's fees, an invoice history) and the plans table sorted or filtered.
 */
export function dashboardRequests(
  dataset: DashboardDataset,
  organizationNos: readonly number[],
  count = 2000,
  seed = 2026,
): string[] {
  const random = createRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const paths: string[] = [];
  while (paths.length < count) {
    const orgNo = pick(organizationNos);
    const base = `/portal/v1/organizations/${orgNo}`;
    paths.push(
      base,
      `${base}/groups`,
      random() < 0.3
        ? `${base}/plans/coverages?${pick(['sort=expirationDate:desc', 'planStatus=1', 'sort=name:desc', 'name=rx'])}`
        : `${base}/plans/coverages`,
      `${base}/invoiceconfigs?limit=100`,
      `${base}/locations?limit=100`,
      `${base}/meddsubsidy?limit=100`,
    );
    const group = dataset.firstGroup.get(orgNo);
    if (group !== undefined && random() < 0.5) paths.push(`${base}/fees?groupId=${group}`);
    const configs = dataset.invoiceConfigs.get(orgNo) ?? [];
    if (configs.length > 0 && random() < 0.5)
      paths.push(`${base}/invoices?invoiceConfigNo=${pick(configs)}`);
  }
  return paths.slice(0, count);
}
