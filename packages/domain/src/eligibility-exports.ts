import { z } from 'zod';
import { int4Id } from './validation.ts';

/*
 * Apply's own refusals and the 834 export of an organization's eligibility (issue 17,
 * decision 0128).
 */

/** A change refused at apply time (the member changed since the preview): reported, not applied. */
export const ELIGIBILITY_APPLY_MESSAGES = {
  memberNotFound: 'The member is not in the organization any more; nothing was changed.',
  ssnTaken: 'A member with this SSN was added after the preview; nothing was changed.',
  dependentFollowsMember:
    "A dependent's division and benefit package are its member's; change them on the member.",
  benefitPackageNotFound: 'Benefit Package not found',
} as const;

// ---- 834 export ----

/** full: every member (BGN08 4, maintenance 030); changes: what changed since the last export. */
export const ELIGIBILITY_EXPORT_KINDS = ['full', 'changes'] as const;
export type EligibilityExportKind = (typeof ELIGIBILITY_EXPORT_KINDS)[number];

export const ELIGIBILITY_EXPORT_MESSAGES = {
  /** An 834 must hold at least one member loop (2000): an empty changes file is not written. */
  noChanges: 'Nothing has changed since the last export.',
} as const;

export const eligibilityExportParams = z.object({ orgId: int4Id('orgId') });
export const eligibilityExportQuery = z.object({
  kind: z.enum(ELIGIBILITY_EXPORT_KINDS, { error: 'Kind must be full or changes' }).default('full'),
});
export type EligibilityExportQuery = z.input<typeof eligibilityExportQuery>;

/**
 * The maintenance code (INS03) of a member in a changes file, from the member's history events
 * since the last export (newest last): 021 created, 024 terminated, 025 reinstated, else 001.
 */
export function exportMaintenanceCode(events: readonly string[]): '021' | '001' | '024' | '025' {
  if (events.includes('create')) return '021';
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (e === 'terminate' || e === 'change-termination') return '024';
    if (e === 'reinstate' || e === 'remove-termination') return '025';
  }
  return '001';
}

/** The file name of an export: the organization, the kind and the day. */
export function eligibilityExportFileName(
  organizationNo: number,
  kind: EligibilityExportKind,
  day: string,
): string {
  return `eligibility-${organizationNo}-${kind}-${day.replaceAll('-', '')}.834`;
}
