import { describe, expect, it } from 'vitest';
import type { ClaimsFileLists, FaJobStatus, PricingGridAnswer } from '@pillar/domain';
import { createFileStorage } from '../../platform/storage/create-file-storage.ts';
import type { TestApp } from '../../test/test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { demoMonths } from '../../seed/evaluate-claims-file.ts';
import { runFaJob } from '../pricing/index.ts';

let t: TestApp;
// Jobs are queued; the test runs the attempt itself (what the FA worker calls).
useTestApp((app) => (t = app), { startJobs: true });

async function ok<T>(method: 'GET' | 'POST', url: string, payload?: object): Promise<T> {
  const response = await t.injectAs('financialAnalyst', {
    method,
    url,
    ...(payload ? { payload } : {}),
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json<T>();
}

describe("the demo opportunity's claims file (decision 0140)", () => {
  it('is months of claims sized to the employer, in storage, mapped, and prices to a positive net cost under every column', async () => {
    const seeded = await t.ctx.db
      .selectFrom('mapped_claims_file as m')
      .innerJoin(
        'prospect_opportunity as o',
        'o.prospect_opportunity_no',
        'm.prospect_opportunity_no',
      )
      .select([
        'm.prospect_opportunity_no as opp',
        'm.storage_key',
        'm.file_name',
        'o.members',
        'o.employees',
      ])
      .where('m.file_name', 'like', '%_Rx_Claims_%mo_mapped.csv')
      .execute();
    expect(seeded).toHaveLength(1);
    const { opp, storage_key: key, members } = seeded[0]!;
    // The staged bytes moved into storage when the server started.
    const staged = await t.ctx.db
      .selectFrom('claims_file_seed_content')
      .select('storage_key')
      .execute();
    expect(staged).toEqual([]);
    const storage = await createFileStorage(t.ctx.config.storage, t.ctx.secrets);
    const head = await new Promise<string>((resolve, reject) => {
      void storage.get(key).then((stream) => {
        stream.once('data', (chunk: Buffer) => {
          resolve(chunk.toString('utf8').split('\n')[0]!);
          stream.destroy();
        });
        stream.once('error', reject);
      }, reject);
    });
    expect(head).toBe(
      'claimId,memberId,fillDate,ndc,drugName,brandGenericIndicator,quantity,daysSupply,pharmacyNpi,pharmacyType,awpUnitCost,awpTotalCost,ingredientCost,dispensingFee,memberPaid,planPaid,claimStatus',
    );

    const lists = await ok<ClaimsFileLists>('GET', `/evaluate/v1/opps/${opp}/claims`);
    const mapped = lists.mappedFiles.find((f) => f.fileStorageId === key)!;
    const unmapped = lists.unmappedFiles.find(
      (f) => f.fileName === mapped.fileName.replace('_mapped', ''),
    );
    expect(unmapped?.phi).toBe(true);
    // About 9 fills a member a year over the file's months (plus the few reversal rows), at
    // most 8,000 claims, the fill dates spanning those months up to the seed's today.
    const months = Number(/_(\d+)mo_mapped\.csv$/.exec(seeded[0]!.file_name)![1]);
    expect(months).toBe(demoMonths(members!));
    const expected = Math.round((members! * 9 * months) / 12);
    expect(expected).toBeLessThanOrEqual(8000);
    expect(mapped.claimCount).toBeGreaterThanOrEqual(expected);
    expect(mapped.claimCount).toBeLessThan(expected * 1.03);
    const start = new Date(Date.UTC(2026, 10 - months, 8)).toISOString().slice(0, 10);
    expect(mapped.minDate! < start).toBe(true);
    expect(mapped.maxDate! > '2026-10-24').toBe(true);

    const created = await ok<FaJobStatus>('POST', `/evaluate/v1/opps/fa_jobs/${opp}`, {
      fileStorageID: mapped.id,
      pricingOption: 'Commercial',
      disruptionType: '3TIER',
      pbmSpecialtyOverride: 'N/A',
      retail90: 1,
    });
    await runFaJob({ db: t.ctx.db, storage }, created.faJobId!);
    const job = await ok<FaJobStatus>('GET', `/evaluate/v1/opps/fa_jobs/${opp}/${mapped.id}`);
    expect(job.status, job.systemMessage ?? '').toBe('COMPLETE');
    const grid = await ok<PricingGridAnswer>('GET', `/evaluate/v1/opps/${opp}/fa/${mapped.id}`);
    // Every claim but the reversed pairs priced: nothing excluded for want of a price or channel.
    expect(job.exclusions).toMatchObject({ noPrice: 0, unknownChannel: 0, badRow: 0 });
    expect(grid.columns.length).toBeGreaterThanOrEqual(4);
    for (const column of grid.columns) {
      expect(column.planCost.netCost, column.name).toBeGreaterThan(0);
      // Fees are a small part of the plan's cost, as in a real analysis.
      expect(column.planCost.totalFees, column.name).toBeLessThan(
        column.planCost.grossClaimAmountPaid * 0.25,
      );
    }
    const stats = grid.incumbentStats as unknown as Record<string, unknown>;
    expect(stats).toBeTruthy();
  });
});
