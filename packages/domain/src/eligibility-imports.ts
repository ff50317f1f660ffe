import { z } from 'zod';
import type { AdvancedOptionKey } from './import-schemas.ts';
import { lifecycleDateError, MEMBER_RECORD_MESSAGES } from './member-record.ts';
import { pageSchema, pagingQuery } from './paging.ts';
import { int4Id, int4IdValue } from './validation.ts';

/*
 * Eligibility import runs (issue 17, decision 0123): a file on an organization's import
 * configuration is read, mapped to the standard eligibility layout below, validated, compared
 * with Pillar (the preview) and, after the user's selection, applied. The comparison rules live
 * here once: the server's SQL follows them and the tests hold it to them.
 */

// ---- 834 maintenance codes (INS03) ----

export const MAINTENANCE_ACTIONS = ['add', 'change', 'terminate', 'reinstate', 'audit'] as const;
export type MaintenanceAction = (typeof MAINTENANCE_ACTIONS)[number];

/** Issue 17: 021 add, 001 change, 024 cancellation or termination, 025 reinstatement, 030 audit. */
export const MAINTENANCE_CODES: Readonly<Record<string, MaintenanceAction>> = {
  '021': 'add',
  '001': 'change',
  '024': 'terminate',
  '025': 'reinstate',
  '030': 'audit',
};

/** The action of an INS03 code, or null for a code the import does not know (a rejected row). */
export function maintenanceAction(code: string | null | undefined): MaintenanceAction | null {
  if (code === null || code === undefined) return null;
  return MAINTENANCE_CODES[code.trim()] ?? null;
}

// ---- The standard eligibility layout (what every file is mapped to) ----

export const STANDARD_FIELD_MAX = 60;
const text = (label: string, max = STANDARD_FIELD_MAX) =>
  z
    .string()
    .max(max, `${label} must not exceed ${max} characters`)
    .refine((v) => !v.includes('\u0000'), `${label} must not contain NUL characters`);
const isoDate = (label: string) =>
  z.string().regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`);

/**
 * One row of the standard layout after mapping. `recordType` E is an employee (subscriber), D a
 * dependent; a dependent names its employee by `employeeSsn` (unless the schema reads dependents
 * as following their employee record). Flags are 'Y', 'N' or null (blank in the file).
 */
export const standardEligibilityRow = z.object({
  rowNumber: z.number().int().positive(),
  recordType: z.enum(['E', 'D']),
  maintenanceCode: text('Maintenance Code', 3).nullable(),
  organizationId: text('Organization', 20).nullable(),
  ssn: z.string().regex(/^\d{9}$/, 'SSN must be 9 digits'),
  employeeSsn: z
    .string()
    .regex(/^\d{9}$/, 'Employee SSN must be 9 digits')
    .nullable(),
  firstName: text('First Name', 29).min(1, 'First Name is required'),
  lastName: text('Last Name', 29).min(1, 'Last Name is required'),
  dateOfBirth: isoDate('Date of Birth'),
  gender: z.enum(['M', 'F', 'U'], { error: 'Gender must be M, F or U' }),
  relationship: text('Relationship', 2).nullable(),
  groupId: text('Group', 20).nullable(),
  alternateGroupId: text('Alternate Group', 20).nullable(),
  divisionId: text('Division', 20).nullable(),
  benefitPackage: text('Benefit Package', 20).nullable(),
  effectiveDate: isoDate('Effective Date'),
  termDate: isoDate('Termination Date').nullable(),
  cobra: z.enum(['Y', 'N']).nullable(),
  retiree: z.enum(['Y', 'N']).nullable(),
  student: z.enum(['Y', 'N']).nullable(),
  disabled: z.enum(['Y', 'N']).nullable(),
  adultDependent: z.enum(['Y', 'N']).nullable(),
});
export type StandardEligibilityRow = z.infer<typeof standardEligibilityRow>;

/** A member or dependent as Pillar holds it, in the same terms as the file's rows. */
export interface CurrentEligibility {
  memberId: number;
  recordType: 'E' | 'D';
  ssn: string;
  employeeSsn: string | null;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  gender: 'M' | 'F' | 'U';
  groupId: string;
  divisionId: string | null;
  benefitPackage: string | null;
  effectiveDate: string;
  termDate: string | null;
  cobra: boolean;
  retiree: boolean;
  student: boolean;
  disabled: boolean;
  adultDependent: boolean;
}

/**
 * A dependent's student, disabled and adult-dependent statuses as Pillar holds them: its
 * relationship code (4 Student, 5 Disabled Dependent, 6 Adult Dependent; codes.ts), so at most
 * one is true. Apply writes a status back the same way (a Y sets the code, an N returns it to
 * Child). An employee holds none of them.
 */
export const STATUS_RELATIONSHIP_CODES = { student: 4, disabled: 5, adultDependent: 6 } as const;
export function dependentStatuses(
  relationship: number | null,
): Pick<CurrentEligibility, 'student' | 'disabled' | 'adultDependent'> {
  return {
    student: relationship === STATUS_RELATIONSHIP_CODES.student,
    disabled: relationship === STATUS_RELATIONSHIP_CODES.disabled,
    adultDependent: relationship === STATUS_RELATIONSHIP_CODES.adultDependent,
  };
}

// ---- Kinds of change and messages ----

export const CHANGE_KINDS = [
  'newMember',
  'newDependent',
  'fieldChange',
  'termination',
  'reinstatement',
  'groupChange',
  'divisionChange',
  'benefitPackageChange',
  'absent',
] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export const CHANGE_KIND_LABELS: Record<ChangeKind, string> = {
  newMember: 'New member',
  newDependent: 'New dependent',
  fieldChange: 'Changed field',
  termination: 'Termination',
  reinstatement: 'Reinstatement',
  groupChange: 'Group change',
  divisionChange: 'Division change',
  benefitPackageChange: 'Benefit package change',
  absent: 'Absent from full file (not terminated)',
};

export const ELIGIBILITY_IMPORT_MESSAGES = {
  emptyFile: 'The file has no eligibility records.',
  wrongLayout: "The file does not match the import configuration's schema.",
  truncatedFile: 'The file ends before its last record is complete.',
  duplicateSsn: 'The SSN appears more than once in this file.',
  groupOutsideOrganization: 'The group does not belong to the organization.',
  groupNotPermitted: 'The group is not one of the groups you may change in this organization.',
  memberGroupNotPermitted:
    'The member belongs to a group you may not change in this organization; the row is skipped.',
  organizationMismatch: "The record's organization is not the import configuration's organization.",
  updateOnlyNotInPillar: 'The member is not in Pillar; update-only imports never add members.',
  voidRecord: 'The dependent record is void: its termination date equals its effective date.',
  terminationBeforeEffective: MEMBER_RECORD_MESSAGES.terminationBeforeEffective,
  employeeNotFound: "The dependent's employee is neither in the file nor in Pillar.",
  unknownMaintenanceCode: 'The maintenance code is not one of 001, 021, 024, 025 or 030.',
  runInProgress:
    'An import is already running on this configuration. Wait for it to finish, then try again.',
  notPreviewed: 'The run has no preview to apply yet.',
  alreadyApplied: 'The run has already been applied.',
} as const;

// ---- The comparison (preview) ----

export type AdvancedOptions = Record<AdvancedOptionKey, boolean>;

export interface ChangeRow {
  rowNumber: number | null;
  kind: ChangeKind;
  ssn: string;
  memberId: number | null;
  field: string | null;
  oldValue: string | null;
  newValue: string | null;
  /** The date the change takes effect (the file's own date, or the import day: useInputDate). */
  changeDate: string;
}

export interface RejectedRow {
  rowNumber: number;
  field: string;
  message: string;
}

export interface DiffContext {
  organizationId: string;
  /** Groups of the configuration's organization (a group outside it is refused). */
  groups: ReadonlySet<string>;
  /** The day of the import: the change date when useInputDate is off. */
  today: string;
  /** A full file (every member): members missing from it are reported as absent. */
  fullFile: boolean;
  options: AdvancedOptions;
  /**
   * The groups the user who ran the import may change, when restricted to some groups of the
   * organization (a client or broker; undefined: every group). A row naming a member of another
   * group, or moving one into it, is rejected; absent members of other groups are not listed.
   */
  permittedGroups?: ReadonlySet<string>;
}

export interface DiffResult {
  changes: ChangeRow[];
  rejected: RejectedRow[];
}

const flag = (v: 'Y' | 'N' | null): boolean | null => (v === null ? null : v === 'Y');
const yn = (v: boolean) => (v ? 'Y' : 'N');

/** Which option keeps a status when the file leaves it blank. */
const RETAIN: Record<
  'student' | 'disabled' | 'adultDependent' | 'cobra' | 'retiree',
  AdvancedOptionKey
> = {
  student: 'useRetainStudentStatus',
  disabled: 'useRetainDisabledDependentStatus',
  adultDependent: 'useRetainAdultDependentStatus',
  cobra: 'useRetainCobraStatus',
  retiree: 'useRetainRetireeStatus',
};

/**
 * The new value of a status flag: the file's value; a blank keeps Pillar's value when the retain
 * option is on, and clears it (false) when it is off (the tooltips of ADVANCED_OPTIONS).
 */
export function resolveStatus(
  key: keyof typeof RETAIN,
  fileValue: 'Y' | 'N' | null,
  current: boolean,
  options: AdvancedOptions,
): boolean {
  const v = flag(fileValue);
  if (v !== null) return v;
  return options[RETAIN[key]] ? current : false;
}

/**
 * The preview of a file against Pillar: every change, with old and new values, and every
 * rejected row with its field and message. Pure: the server computes the same thing in SQL over
 * the staging table; this is the rule it is tested against.
 */
export function diffEligibility(
  rows: readonly StandardEligibilityRow[],
  current: readonly CurrentEligibility[],
  ctx: DiffContext,
): DiffResult {
  const { options } = ctx;
  const changes: ChangeRow[] = [];
  const rejected: RejectedRow[] = [];
  const bySsn = new Map(current.map((c) => [c.ssn, c]));
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.ssn, (counts.get(r.ssn) ?? 0) + 1);
  const seen = new Set<string>();
  // The file's employees, looked up once: a scan per dependent is quadratic on a large file.
  const fileEmployees = new Set(rows.filter((x) => x.recordType === 'E').map((x) => x.ssn));
  let lastEmployeeSsn: string | null = null;

  for (const r of rows) {
    const reject = (field: string, message: string) =>
      rejected.push({ rowNumber: r.rowNumber, field, message });
    if (r.recordType === 'E') lastEmployeeSsn = r.ssn;
    if ((counts.get(r.ssn) ?? 0) > 1) {
      reject('ssn', ELIGIBILITY_IMPORT_MESSAGES.duplicateSsn);
      continue;
    }
    seen.add(r.ssn);
    const action = r.maintenanceCode === null ? 'change' : maintenanceAction(r.maintenanceCode);
    if (action === null) {
      reject('maintenanceCode', ELIGIBILITY_IMPORT_MESSAGES.unknownMaintenanceCode);
      continue;
    }
    if (
      options.supportsOrganizationValidation &&
      r.organizationId !== null &&
      r.organizationId !== ctx.organizationId
    ) {
      reject('organizationId', ELIGIBILITY_IMPORT_MESSAGES.organizationMismatch);
      continue;
    }
    let group = r.groupId;
    if (group !== null && !ctx.groups.has(group)) {
      if (
        options.supportsAlternateBenefitGroup &&
        r.alternateGroupId !== null &&
        ctx.groups.has(r.alternateGroupId)
      ) {
        group = r.alternateGroupId;
      } else {
        reject('groupId', ELIGIBILITY_IMPORT_MESSAGES.groupOutsideOrganization);
        continue;
      }
    }
    const permitted = ctx.permittedGroups;
    if (permitted && group !== null && !permitted.has(group)) {
      reject('groupId', ELIGIBILITY_IMPORT_MESSAGES.groupNotPermitted);
      continue;
    }
    if (permitted) {
      // The member as Pillar holds it, or a new dependent's employee in Pillar: its group decides.
      const employeeOf = options.dependentRecordPrecededByEmployeeRecord
        ? lastEmployeeSsn
        : r.employeeSsn;
      const held =
        bySsn.get(r.ssn) ??
        (r.recordType === 'D' && employeeOf !== null ? bySsn.get(employeeOf) : undefined);
      if (held && !permitted.has(held.groupId)) {
        reject('ssn', ELIGIBILITY_IMPORT_MESSAGES.memberGroupNotPermitted);
        continue;
      }
    }
    if (r.termDate !== null) {
      if (lifecycleDateError('termination', r.termDate, r.effectiveDate) !== null) {
        reject('termDate', ELIGIBILITY_IMPORT_MESSAGES.terminationBeforeEffective);
        continue;
      }
      if (
        r.recordType === 'D' &&
        r.termDate === r.effectiveDate &&
        !options.subordinateRecordsWithTermDateEqualToEffectiveDate
      ) {
        reject('termDate', ELIGIBILITY_IMPORT_MESSAGES.voidRecord);
        continue;
      }
    }
    const employeeSsn =
      r.recordType === 'D'
        ? options.dependentRecordPrecededByEmployeeRecord
          ? lastEmployeeSsn
          : r.employeeSsn
        : null;
    if (
      r.recordType === 'D' &&
      (employeeSsn === null || (!bySsn.has(employeeSsn) && !fileEmployees.has(employeeSsn)))
    ) {
      reject('employeeSsn', ELIGIBILITY_IMPORT_MESSAGES.employeeNotFound);
      continue;
    }

    const date = (fileDate: string | null) =>
      options.useInputDate && fileDate !== null ? fileDate : ctx.today;
    const existing = bySsn.get(r.ssn);
    const base = { rowNumber: r.rowNumber, ssn: r.ssn };

    if (!existing) {
      if (options.supportsUpdateOnlyRecords) {
        reject('ssn', ELIGIBILITY_IMPORT_MESSAGES.updateOnlyNotInPillar);
        continue;
      }
      changes.push({
        ...base,
        kind: r.recordType === 'E' ? 'newMember' : 'newDependent',
        memberId: null,
        field: null,
        oldValue: null,
        newValue: `${r.lastName}, ${r.firstName}`,
        changeDate: date(r.effectiveDate),
      });
      continue;
    }

    const push = (
      kind: ChangeKind,
      field: string | null,
      oldV: string | null,
      newV: string | null,
      d: string,
    ) =>
      changes.push({
        ...base,
        kind,
        memberId: existing.memberId,
        field,
        oldValue: oldV,
        newValue: newV,
        changeDate: d,
      });

    const wantsTerm = action === 'terminate' || (r.termDate !== null && action !== 'reinstate');
    const termDate = r.termDate ?? ctx.today;
    if (wantsTerm && existing.termDate !== termDate) {
      push('termination', 'termDate', existing.termDate, termDate, date(r.termDate));
    } else if ((action === 'reinstate' || r.termDate === null) && existing.termDate !== null) {
      push('reinstatement', 'termDate', existing.termDate, null, date(r.effectiveDate));
    }

    for (const f of ['firstName', 'lastName', 'dateOfBirth', 'gender'] as const) {
      if (r[f] !== existing[f]) push('fieldChange', f, existing[f], r[f], date(r.effectiveDate));
    }
    const newCobra = resolveStatus('cobra', r.cobra, existing.cobra, options);
    const statuses = ['student', 'disabled', 'adultDependent', 'cobra', 'retiree'] as const;
    for (const s of statuses) {
      if (r.recordType === 'E' && (s === 'student' || s === 'disabled' || s === 'adultDependent'))
        continue;
      if (r.recordType === 'D' && (s === 'cobra' || s === 'retiree')) continue;
      const v = resolveStatus(s, r[s], existing[s], options);
      if (v !== existing[s]) push('fieldChange', s, yn(existing[s]), yn(v), date(r.effectiveDate));
    }

    // A member going on COBRA keeps its group unless the option forces the file's group.
    const goingOnCobra = newCobra && !existing.cobra;
    if (group !== null && group !== existing.groupId) {
      if (!goingOnCobra || options.forceGroupChangeForCobraMembers)
        push('groupChange', 'groupId', existing.groupId, group, date(r.effectiveDate));
    }
    if (r.divisionId !== null && r.divisionId !== existing.divisionId)
      push(
        'divisionChange',
        'divisionId',
        existing.divisionId,
        r.divisionId,
        date(r.effectiveDate),
      );
    if (r.benefitPackage !== null && r.benefitPackage !== existing.benefitPackage)
      push(
        'benefitPackageChange',
        'benefitPackage',
        existing.benefitPackage,
        r.benefitPackage,
        date(r.effectiveDate),
      );
  }

  // A full file (or an 834 audit) names every member: those it leaves out are shown, never
  // terminated silently (issue 17).
  const audit = rows.some((r) => maintenanceAction(r.maintenanceCode) === 'audit');
  if (ctx.fullFile || audit) {
    for (const c of current) {
      if (ctx.permittedGroups && !ctx.permittedGroups.has(c.groupId)) continue;
      if (!seen.has(c.ssn) && c.termDate === null)
        changes.push({
          rowNumber: null,
          kind: 'absent',
          ssn: c.ssn,
          memberId: c.memberId,
          field: null,
          oldValue: null,
          newValue: null,
          changeDate: ctx.today,
        });
    }
  }
  return { changes, rejected };
}

/** Counts by kind, every kind present (0 when none). */
export function countByKind(
  changes: readonly Pick<ChangeRow, 'kind'>[],
): Record<ChangeKind, number> {
  const out = Object.fromEntries(CHANGE_KINDS.map((k) => [k, 0])) as Record<ChangeKind, number>;
  for (const c of changes) out[c.kind] += 1;
  return out;
}

// ---- API shapes ----

export const IMPORT_RUN_STATUSES = [
  'queued',
  'reading',
  'previewed',
  'applying',
  'applied',
  'failed',
  'cancelled',
] as const;
export type ImportRunStatus = (typeof IMPORT_RUN_STATUSES)[number];

export const importRunParams = z.object({ runId: int4Id('runId') });
export const importRunConfigParams = z.object({ eicNo: int4Id('eicNo') });

const countsSchema = z.object(
  Object.fromEntries(CHANGE_KINDS.map((k) => [k, z.number().int()])) as Record<
    ChangeKind,
    z.ZodNumber
  >,
);

export const importRun = z.object({
  runId: z.number().int(),
  eicNo: z.number().int(),
  organizationId: z.number().int(),
  fileName: z.string(),
  fileFormat: z.enum(['csv', 'fixed', 'xlsx', 'edi']),
  status: z.enum(IMPORT_RUN_STATUSES),
  createdBy: z.string(),
  createdAt: z.string(),
  appliedBy: z.string().nullable(),
  appliedAt: z.string().nullable(),
  rowsRead: z.number().int(),
  rowsValidated: z.number().int(),
  rowsApplied: z.number().int(),
  rowsSelected: z.number().int(),
  rowsRejected: z.number().int(),
  /** Seconds left, estimated from the job's rate; null when not running. */
  secondsLeft: z.number().nullable(),
  counts: countsSchema,
  /** An 834 run's acknowledgment: 999 always, TA1 when the envelope was bad. */
  has999: z.boolean(),
  hasTa1: z.boolean(),
  /** Marked at upload as the whole roster (or an 834 with 030): absent members are listed. */
  fullFile: z.boolean(),
  error: z.string().nullable(),
});
export type ImportRun = z.infer<typeof importRun>;
export const importRunPage = pageSchema(importRun);

export const FULL_FILE_LABEL = 'Full file (compare the whole roster)';
export const FULL_FILE_HELP =
  'The file lists every member of the organization: members missing from it are shown in the preview (never terminated). An 834 with maintenance code 030 is always a full file.';

/**
 * The upload's form fields beside its file (multipart): fullFile 'true' marks a full file.
 * Fields come before the file part; an unknown field is refused.
 */
export const importRunStartFields = z
  .object({
    fullFile: z.enum(['true', 'false'], { error: 'Full file must be true or false' }).optional(),
  })
  .strict();
export type ImportRunStartFields = z.infer<typeof importRunStartFields>;

/** An organization's import configurations a run may use (clients and brokers included). */
export const runConfigurationsParams = z.object({ orgId: int4Id('orgId') });
export const runConfigurationsQuery = pagingQuery(['eicName'] as const);

export const importRunsQuery = pagingQuery(['createdAt', 'status'] as const);

export const changeRow = z.object({
  changeId: z.number().int(),
  rowNumber: z.number().int().nullable(),
  kind: z.enum(CHANGE_KINDS),
  ssnLast4: z.string(),
  memberId: z.number().int().nullable(),
  name: z.string().nullable(),
  field: z.string().nullable(),
  oldValue: z.string().nullable(),
  newValue: z.string().nullable(),
  changeDate: z.string(),
  selected: z.boolean(),
  applied: z.boolean(),
});
export const changeRowPage = pageSchema(changeRow);
export const changeRowsQuery = pagingQuery(['rowNumber', 'kind'] as const).extend({
  kind: z.enum(CHANGE_KINDS).optional(),
});

export const rejectedRow = z.object({
  rowNumber: z.number().int(),
  field: z.string(),
  message: z.string(),
});
/** The rejected rows, and every field the run's rejected rows name (the field filter's choices). */
export const rejectedRowPage = pageSchema(rejectedRow).extend({ fields: z.array(z.string()) });

export const REJECTED_MESSAGE_FILTER_MAX = 200;
/**
 * The rejected rows' filter, for the table and the CSV/XLSX downloads alike: a field (exactly,
 * as the rows name it) and text found anywhere in the message (case ignored).
 */
export const rejectedFilterQuery = z.object({
  field: text('Field').min(1, 'Field must not be empty').optional(),
  message: text('Message', REJECTED_MESSAGE_FILTER_MAX).optional(),
});
export type RejectedFilter = z.infer<typeof rejectedFilterQuery>;
export const rejectedRowsQuery = pagingQuery(['rowNumber'] as const).extend(
  rejectedFilterQuery.shape,
);

export const PREVIEW_DOWNLOADS = [
  'changes.csv',
  'changes.xlsx',
  'rejected.csv',
  'rejected.xlsx',
  '999',
  'ta1',
] as const;
export const importRunDownloadParams = z.object({
  runId: int4Id('runId'),
  file: z.enum(PREVIEW_DOWNLOADS, { error: 'Unknown download' }),
});

/** Accept every valid row, or every valid row but the deselected ones (by changeId). */
export const importSelectionInput = z.object({
  acceptAll: z.boolean(),
  deselected: z.array(int4IdValue('deselected')).max(100_000).default([]),
});
export type ImportSelectionInput = z.input<typeof importSelectionInput>;
