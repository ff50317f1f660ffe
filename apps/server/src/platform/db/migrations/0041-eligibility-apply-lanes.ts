import type { Kysely } from 'kysely';
import { runScript } from '../run-script.ts';

/**
 * Apply in lanes, marked by a watermark per lane (decision 0149). A change belongs to one of two
 * lanes, chosen by the preview from its family (an employee row's SSN hash, a dependent row's
 * employee's), so the two lanes never name the same family and Apply runs them at once on two
 * connections. Each lane's batch commits, with its writes, the last change it reached
 * (`ei_apply_lane.applied_through`): one row a batch where every change's `applied_at` was set
 * (76,000 non-HOT updates for the bench's file). A change is applied when it is selected, not
 * absent and at or below its lane's mark, or (runs applied before this migration) has
 * `applied_at`. The unapplied-changes index, which named `applied_at`, becomes the lanes' index;
 * runs stored before this migration are all in lane 0.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the schema types
export async function up(db: Kysely<any>): Promise<void> {
  await runScript(
    db,
    `
    alter table ei_change add column lane smallint not null default 0;
    drop index ei_change_unapplied;
    create index ei_change_lane on ei_change (run_id, lane, change_id) where kind <> 'absent';
    create table ei_apply_lane (
      run_id integer not null references ei_run on delete cascade,
      lane smallint not null,
      applied_through integer not null,
      primary key (run_id, lane)
    );
    `,
  );
}
