import { CHANGE_KINDS, type ImportRun, type ImportRunStatus } from '@pillar/domain';

/** The poll interval of a working run (the mapping jobs' 3 seconds). */
export const RUN_POLL_MS = 3000;

/** Statuses in which the job is still working: the run page polls the run. */
const WORKING: readonly ImportRunStatus[] = ['queued', 'reading', 'applying'];

export function isRunWorking(status: ImportRunStatus | undefined): boolean {
  return status !== undefined && WORKING.includes(status);
}

export const RUN_STATUS_LABELS: Record<ImportRunStatus, string> = {
  queued: 'Queued',
  reading: 'Reading',
  previewed: 'Previewed',
  applying: 'Applying',
  applied: 'Applied',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** Every change of the preview (all kinds). */
export function totalChanges(run: Pick<ImportRun, 'counts'>): number {
  return CHANGE_KINDS.reduce((sum, kind) => sum + run.counts[kind], 0);
}

/**
 * The changes a user may select: every change but the absent members (shown, never applied; the
 * run's selected count leaves them out too).
 */
export function selectableChanges(run: Pick<ImportRun, 'counts'>): number {
  return totalChanges(run) - run.counts.absent;
}

/**
 * The progress bar's percent: while reading, the rows validated of the rows read so far; while
 * applying, the rows applied of the rows selected; full once previewed or applied.
 */
export function runPercent(
  run: Pick<ImportRun, 'status' | 'rowsRead' | 'rowsValidated' | 'rowsApplied' | 'rowsSelected'>,
): number {
  const ratio = (done: number, of: number) =>
    of <= 0 ? 0 : Math.min(100, Math.floor((done / of) * 100));
  switch (run.status) {
    case 'queued':
      return 0;
    case 'reading':
      return ratio(run.rowsValidated, run.rowsRead);
    case 'applying':
      return ratio(run.rowsApplied, run.rowsSelected);
    case 'previewed':
    case 'applied':
      return 100;
    default:
      return ratio(run.rowsValidated, run.rowsRead);
  }
}

/** 'about 2 min 5 s left'; null when the job gives no estimate. */
export function formatTimeLeft(seconds: number | null): string | null {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return null;
  const whole = Math.ceil(seconds);
  if (whole < 60) return `about ${whole} s left`;
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  if (minutes < 60) return `about ${minutes} min${rest > 0 ? ` ${rest} s` : ''} left`;
  const hours = Math.floor(minutes / 60);
  return `about ${hours} h ${minutes % 60} min left`;
}

/** Why Apply is refused, or null when it may run (the run is previewed and something selected). */
export function applyBlocker(run: Pick<ImportRun, 'status'>, selectedCount: number): string | null {
  if (run.status === 'applied') return 'The run has already been applied.';
  if (run.status !== 'previewed') return 'The run has no preview to apply yet.';
  if (selectedCount <= 0) return 'No change is selected.';
  return null;
}

/**
 * The file format the upload names, from its extension (the contract's four formats); the server
 * reads the configuration's schema, so this is only what the page shows before the run starts.
 */
export const RUN_FILE_ACCEPT = '.csv,.txt,.dat,.prn,.xlsx,.edi,.x12,.834';

const pad = (value: number) => String(value).padStart(2, '0');

/** An instant as MM/DD/YYYY h:mm AM in the user's time zone (the files list's format). */
export function formatRunTime(instant: string | null): string {
  if (instant === null) return '';
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return '';
  const hours = date.getHours();
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()} ${hour12}:${pad(date.getMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
}

const n = (count: number, noun: string) =>
  `${count.toLocaleString('en-US')} ${noun}${count === 1 ? '' : 's'}`;

/** A run's outcome in words with its counts, for its configuration's list. */
export function runOutcome(
  run: Pick<ImportRun, 'status' | 'error' | 'rowsApplied' | 'rowsRejected' | 'counts'>,
): string {
  switch (run.status) {
    case 'applied':
      return `${n(run.rowsApplied, 'change')} applied, ${n(run.rowsRejected, 'row')} rejected`;
    case 'previewed':
      return `${n(totalChanges(run), 'change')} to review, ${n(run.rowsRejected, 'row')} rejected`;
    case 'failed':
      return run.error ?? 'The run failed.';
    case 'cancelled':
      return 'Cancelled';
    default:
      return 'In progress';
  }
}
