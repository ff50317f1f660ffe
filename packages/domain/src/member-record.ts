import { z } from 'zod';
import { GENDERS, PROCESS_STATUS, isActiveRecord, todayIso } from './codes.ts';
import { isoDate } from './dates.ts';
import { birthDateRangeError, coverageDateRangeError, inDateRange } from './record-dates.ts';
import { isUsStateCode } from './us-states.ts';
import { SSN_MASKED } from './masks.ts';
import { MEMBER_STATUS_KEYS, memberStatusKey } from './members.ts';
import { INCENTIVE_PROGRAMS, INCENTIVE_PROGRAM_KEYS } from './organization-workspace.ts';
import { organizationFeatures, type OrganizationFeatures } from './organizations.ts';
import { pageSchema, pagingQuery } from './paging.ts';
import {
  MESSAGES,
  addressSchema,
  citySchema,
  clientDefinedDataSchema,
  clientIdOptionsOf,
  clientIdSchema,
  emailSchema,
  firstNameSchema,
  isBlank,
  lastNameSchema,
  middleInitialSchema,
  personCodeSchema,
  phoneSchema,
  required,
  requiredMessage,
  ssnCreateSchema,
  ssnEditSchema,
  zipSchema,
} from './validation.ts';

/*
 * A member's (employee's) record: the shared person-field rules, the detail answer, the create and
 * edit forms with every rule of spec 1 §5 "Member and dependent forms", the lifecycle requests of
 * spec 1 §4, the member status transitions and the history rows. The dependent's own schemas,
 * detail and actions are in dependent-record.ts. Shared by the server (validation) and the web
 * forms, so both refuse the same values with the same words. The generic field rules, `emptyToNull` and `stripEmpty` live
 * in validation.ts; definitions the spec leaves open are in docs/decisions/0045-member-lifecycle.md.
 *
 * Conventions of the bodies:
 * - Numbers that name a row are the row's number: `benefitGroupId` is the group's benefitGroupNo
 *   (as in the `/groups/{groupId}` paths), `benefitPackageId` the benefitPackageNo, `divisionNo`
 *   the division's number. `divisionId`/`divisionName` are the division's own code and name.
 * - Optional fields: '' and null both mean "empty" (they arrive as null after `emptyToNull`);
 *   on an edit (PUT) a field left out is left unchanged, a null clears it.
 */

// ---------------------------------------------------------------------------------------------
// Messages

export const MEMBER_RECORD_MESSAGES = {
  terminationBeforeEffective: 'Termination Date cannot be earlier than the effective date.',
  reinstateBeforeEffective: 'Reinstatement Date cannot be earlier than the effective date.',
  changeDateBeforeEffective: 'Change Date cannot be earlier than the effective date.',
  divisionDateBeforeEffective: 'Division Effective Date cannot be earlier than the effective date.',
  alreadyTerminated: 'The member is already terminated.',
  notTerminated: 'The member is not terminated.',
  notTerminatedDependent: 'The dependent is not terminated.',
  alreadyTerminatedDependent: 'The dependent is already terminated.',
  removeTerminationGroupCheck:
    "The termination cannot be removed: the member's group does not continue past the termination date.",
  reinstateGroupTerminated: 'A member cannot be reinstated into a terminated group.',
  reinstateAfterGroupExpiration:
    "Reinstatement Date cannot be later than the group's expiration date.",
  groupChangeTerminated: 'The group of a terminated member cannot be changed.',
  groupChangeRequired: MESSAGES.groupChangeRequired,
  groupChangeRequiredNewDivision: MESSAGES.groupChangeRequiredNewDivision,
  groupChangeTerminatedGroup: 'A member cannot be moved to a terminated group.',
  divisionsNotSupported: 'The organization does not support divisions.',
  divisionNotInGroup: 'The division does not belong to the group.',
  divisionRequired: 'Division is required: the organization assigns every member a division.',
  divisionChoiceTwice: 'Choose an existing division or a new one, not both.',
  reinstateDivisionSameGroup:
    'Reinstated into the same group, the member keeps the current division; change it with Change Group Assignment.',
  benefitPackageTerminated: 'The benefit package is not active.',
  benefitPackageUnchanged: 'Change Benefit Package: choose a different benefit package.',
  personCodeNotEditable: 'Person Code cannot be edited for this member.',
  dependentReinstateMemberTerminated:
    'Dependent cannot be reinstated because the member is terminated.',
  dependentRemoveTerminationMemberTerminated:
    'The termination cannot be removed because the member is terminated.',
  incentiveProgramNotSupported: 'The group does not support this incentive program.',
  incentiveProgramDates: 'Termination Date cannot be earlier than the Effective Date.',
  clientIdTaken: 'Client ID is already used by another member of this organization.',
  organizationTerminated: 'Members cannot be created in a terminated organization.',
  cobTerminationRequired: requiredMessage('COB Termination Date'),
  cobEffectiveRequired: requiredMessage('COB Effective Date'),
} as const;

/** Shown by the confirmations of spec 1 §4. */
export const MEMBER_RECORD_CONFIRMATIONS = {
  terminate: 'This action cannot be undone.',
  changeGroup: 'Change the Group assignment?',
  changeGroupNote: "This may affect the member's coverage.",
  cancel: 'Are you sure you want to cancel your changes?',
} as const;

/** Notification titles (spec 1 §8: they match the action). */
export const MEMBER_RECORD_TITLES = {
  createEmployee: 'Create Employee',
  updateEmployee: 'Update Employee',
  terminateEmployee: 'Terminate Employee',
  changeTerminationDate: 'Change Termination Date',
  removeTermination: 'Remove Termination',
  reinstateEmployee: 'Reinstate Employee',
  changeGroup: 'Change Group Assignment',
  addDivision: 'Add Division',
  changeBenefitPackage: 'Change Benefit Package',
  createDependent: 'Create Dependent',
  updateDependent: 'Update Dependent',
  terminateDependent: 'Terminate Dependent',
  reinstateDependent: 'Reinstate Dependent',
  fetchSsnError: 'Something went wrong when fetching SSN. Please try again.',
} as const;

// ---------------------------------------------------------------------------------------------
// Organization settings

/**
 * The organization flags the member and dependent forms follow (spec 1 §3). The same object as
 * organization detail carries (`organizationFeatures`), so the web may feed either this or the
 * organization answer to the schema builders; the spelling SupportsDifferentDependentAddress is
 * the spec's.
 */
export const organizationMemberSettings = organizationFeatures;
export type OrganizationMemberSettings = OrganizationFeatures;

/** Settings where nothing is required or limited: a starting point for tests and defaults. */
export const DEFAULT_MEMBER_SETTINGS: OrganizationMemberSettings = {
  useCOB: false,
  supportsDivisions: false,
  supportsClientDefinedData: false,
  supportsDependentAlternateGroup: false,
  SupportsDifferentDependentAddress: false,
  requireAddress: false,
  requireDependentSSN: false,
  defaultDependentSSN: false,
  generateEmployeeSSN: false,
  clientIdMinimumLength: null,
  clientIdMaximumLength: null,
  padClientIdWithLeadingZeros: false,
  ltrimClientId: false,
  rtrimClientId: false,
};

// ---------------------------------------------------------------------------------------------
// Field rules

export const FIELD_LABELS = {
  firstName: 'First Name',
  middleInitial: 'Middle Initial',
  lastName: 'Last Name',
  birthdate: 'Birth Date',
  gender: 'Gender',
  address1: 'Address 1',
  address2: 'Address 2',
  city: 'City',
  state: 'State',
  zip: 'Zip',
  phone: 'Phone',
  email: 'Email',
  ssn: 'SSN',
  personCode: 'Person Code',
  clientId: 'Client ID',
  clientDefinedData: 'Client Defined Data',
  effectiveDate: 'Effective Date',
  group: 'Group',
  relationship: 'Relationship',
  terminationDate: 'Termination Date',
  reinstateDate: 'Reinstatement Date',
  changeDate: 'Change Date',
  divisionId: 'Division ID',
  divisionName: 'Division Name',
  divisionEffectiveDate: 'Division Effective Date',
  benefitPackage: 'Benefit Package',
  cobSecondaryDate: 'COB Effective Date',
  cobPrimaryDate: 'COB Termination Date',
} as const;

const STATE_PATTERN = /^(?:[A-Z]{2})?$/;
export const STATE_MESSAGE = 'State must be two capital letters';
export const STATE_UNKNOWN_MESSAGE = 'State must be a US state, territory or military post code';

/** Two capital letters naming a state, DC, a territory or a military post (us-states.ts). */
export function stateSchema(label = 'State') {
  return z
    .string()
    .regex(STATE_PATTERN, { error: STATE_MESSAGE, abort: true })
    .refine((value) => value === '' || isUsStateCode(value), {
      error: STATE_UNKNOWN_MESSAGE,
      abort: true,
    })
    .meta({ title: label });
}

export const GENDER_CODES = Object.keys(GENDERS) as [
  keyof typeof GENDERS,
  ...(keyof typeof GENDERS)[],
];

export function genderSchema(label = 'Gender') {
  return z.enum(GENDER_CODES, { error: `${label} must be M, F or U` }).meta({ title: label });
}

export function relationshipSchema(label = 'Relationship') {
  return z.coerce
    .number({ error: `${label} must be one of 2-7` })
    .int(`${label} must be one of 2-7`)
    .min(2, `${label} must be one of 2-7`)
    .max(7, `${label} must be one of 2-7`)
    .meta({ title: label });
}

/** A row number in a body (group, package, division): a whole positive number. */
export function rowNumber(label: string) {
  return z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .positive(`${label} must be positive`)
    .max(2_147_483_647, `${label} is too large`);
}

const blankToNull = (value: unknown) =>
  value === undefined ? undefined : isBlank(value) ? null : value;

/**
 * An optional field: '' and whitespace become null before the rule runs, null clears, a field
 * left out stays undefined (unchanged on an edit).
 */
export function optionalField<T extends z.ZodType>(schema: T) {
  return z.preprocess(blankToNull, schema.nullable().optional());
}

/** A required field: '{label} is required' when blank or left out, then the field's own rule. */
export function requiredField<T extends z.ZodType>(schema: T, label: string) {
  return required(schema, label);
}

/** A date the user must give, named in its messages. */
export function requiredDate(label: string) {
  return required(coverageDate(label), label);
}

/** A coverage date (effective, termination, change…): a real date within record-dates.ts's range. */
export function coverageDate(label: string) {
  return inDateRange(isoDate(label), label, coverageDateRangeError);
}

/** A birth date: a real date, not in the future, not before 1900 (record-dates.ts). */
export function birthDate(label: string) {
  return inDateRange(isoDate(label), label, birthDateRangeError);
}

/** A person code: digits below 2147483647, at most 10 long, sent and answered as an integer. */
export function optionalPersonCode(label = 'Person Code') {
  return optionalField(personCodeSchema(label));
}

/** Whether a date (YYYY-MM-DD) is not earlier than another; the rule of every lifecycle date. */
export function notBefore(date: string, earliest: string): boolean {
  return date >= earliest;
}

/** The age in whole years on a day (both YYYY-MM-DD). */
export function ageInYears(birthdate: string, today: string = todayIso()): number {
  const [by, bm, bd] = birthdate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  let age = ty - by;
  if (tm < bm || (tm === bm && td < bd)) age -= 1;
  return Math.max(0, age);
}

/** The day after a date (YYYY-MM-DD). */
export function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

// ---------------------------------------------------------------------------------------------
// Client ID

/**
 * What the server stores for a client ID the organization's rules accept (spec 1 §5: "the server
 * applies padding/trimming when saving"). Surrounding spaces always go. Left trimming cuts
 * characters from the front down to the maximum length, right trimming from the end (left wins
 * when both are on); padding puts zeros in front up to the minimum length. Empty stays null.
 */
export function applyClientIdRules(
  clientId: string | null | undefined,
  settings: Pick<
    OrganizationMemberSettings,
    | 'clientIdMinimumLength'
    | 'clientIdMaximumLength'
    | 'padClientIdWithLeadingZeros'
    | 'ltrimClientId'
    | 'rtrimClientId'
  >,
): string | null {
  if (clientId === null || clientId === undefined) return null;
  let value = clientId.trim();
  if (!value) return null;
  const max = settings.clientIdMaximumLength;
  const min = settings.clientIdMinimumLength;
  if (max && max > 0 && value.length > max) {
    if (settings.ltrimClientId) value = value.slice(value.length - max);
    else if (settings.rtrimClientId) value = value.slice(0, max);
  }
  if (min && min > 0 && settings.padClientIdWithLeadingZeros && value.length < min) {
    value = value.padStart(min, '0');
  }
  return value;
}

/** The client ID rule of a create or an edit form for an organization's settings. */
export function clientIdFieldSchema(settings: OrganizationMemberSettings, mode: 'create' | 'edit') {
  return clientIdSchema(clientIdOptionsOf(settings, mode));
}

// ---------------------------------------------------------------------------------------------
// Create and edit schemas

const incentiveProgramInput = z.object({
  key: z.enum(INCENTIVE_PROGRAM_KEYS, { error: 'Unknown incentive program' }),
  enrolled: z.boolean({ error: 'enrolled must be true or false' }),
  effectiveDate: optionalField(isoDate('Effective Date')),
  terminationDate: optionalField(isoDate('Termination Date')),
});
export type IncentiveProgramInput = z.infer<typeof incentiveProgramInput>;

export const incentiveProgramsInput = z
  .array(incentiveProgramInput)
  .max(INCENTIVE_PROGRAMS.length)
  .superRefine((programs, ctx) => {
    const seen = new Set<string>();
    programs.forEach((program, index) => {
      if (seen.has(program.key)) {
        ctx.addIssue({ code: 'custom', path: [index, 'key'], message: 'Program listed twice' });
      }
      seen.add(program.key);
      if (
        program.effectiveDate &&
        program.terminationDate &&
        program.terminationDate < program.effectiveDate
      ) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'terminationDate'],
          message: MEMBER_RECORD_MESSAGES.incentiveProgramDates,
        });
      }
    });
  });

/**
 * The fields every person record has (spec 1 §3, §5), one rule each; address 1, city, state and
 * zip required when asked. Shared with other person forms.
 */
export function personFields(requireAddressFields: boolean) {
  const address = <T extends z.ZodType>(schema: T, label: string) =>
    requireAddressFields ? required(schema, label) : optionalField(schema);
  return {
    firstName: required(firstNameSchema(FIELD_LABELS.firstName), FIELD_LABELS.firstName),
    middleInitial: optionalField(middleInitialSchema(FIELD_LABELS.middleInitial)),
    lastName: required(lastNameSchema(FIELD_LABELS.lastName), FIELD_LABELS.lastName),
    birthdate: required(birthDate(FIELD_LABELS.birthdate), FIELD_LABELS.birthdate),
    gender: required(genderSchema(FIELD_LABELS.gender), FIELD_LABELS.gender),
    address1: address(addressSchema(FIELD_LABELS.address1), FIELD_LABELS.address1),
    address2: optionalField(addressSchema(FIELD_LABELS.address2)),
    city: address(citySchema(FIELD_LABELS.city), FIELD_LABELS.city),
    state: address(stateSchema(FIELD_LABELS.state), FIELD_LABELS.state),
    zip: address(zipSchema(FIELD_LABELS.zip), FIELD_LABELS.zip),
    clientDefinedData: optionalField(clientDefinedDataSchema(FIELD_LABELS.clientDefinedData)),
    personCode: optionalPersonCode(FIELD_LABELS.personCode),
  };
}

/** COB fields (spec 1 §4 "COB"): the flag, its effective date and the COB termination date. */
export const cobFields = {
  isCOBSecondary: z.boolean({ error: 'isCOBSecondary must be true or false' }).nullish(),
  cobSecondaryDate: optionalField(coverageDate(FIELD_LABELS.cobSecondaryDate)),
  cobPrimaryDate: optionalField(coverageDate(FIELD_LABELS.cobPrimaryDate)),
};

export interface CobValues {
  isCOBSecondary?: boolean | null | undefined;
  cobSecondaryDate?: string | null | undefined;
  cobPrimaryDate?: string | null | undefined;
}

/**
 * Spec 1 §4 "COB": when the organization uses COB, a checked flag needs the COB effective date,
 * and an unchecked flag on a mandatory-COB record needs the COB termination date. Applied only
 * when the body carries the flag (a create, or an edit that sends the COB fields). Members and
 * dependents alike.
 */
export function checkCob(
  value: CobValues,
  ctx: z.RefinementCtx,
  settings: OrganizationMemberSettings,
  mandatory: boolean,
): void {
  if (!settings.useCOB || value.isCOBSecondary === undefined) return;
  if (value.isCOBSecondary === true && !value.cobSecondaryDate) {
    ctx.addIssue({
      code: 'custom',
      path: ['cobSecondaryDate'],
      message: MEMBER_RECORD_MESSAGES.cobEffectiveRequired,
    });
  }
  if (value.isCOBSecondary !== true && mandatory && !value.cobPrimaryDate) {
    ctx.addIssue({
      code: 'custom',
      path: ['cobPrimaryDate'],
      message: MEMBER_RECORD_MESSAGES.cobTerminationRequired,
    });
  }
}

/** What a record contributes to its edit schema. */
export interface RecordEditOptions {
  /** allowPersonCodeEdit of the record: otherwise the person code may not change. */
  allowPersonCodeEdit?: boolean;
  /** isCOBMandatory of the record: an unchecked COB flag then needs the COB termination date. */
  isCOBMandatory?: boolean;
}

/**
 * POST /organizations/{orgId}/employees. Required: first and last name, birth date, gender,
 * effective date, group; the SSN unless the organization generates it; address 1, city, state and
 * zip when the organization requires an address.
 */
export function employeeCreateSchema(settings: OrganizationMemberSettings) {
  return z
    .object({
      ...personFields(settings.requireAddress),
      phone: optionalField(phoneSchema(FIELD_LABELS.phone)),
      email: optionalField(emailSchema(FIELD_LABELS.email)),
      ssn: settings.generateEmployeeSSN
        ? optionalField(ssnCreateSchema(FIELD_LABELS.ssn))
        : required(ssnCreateSchema(FIELD_LABELS.ssn), FIELD_LABELS.ssn),
      clientId: optionalField(clientIdFieldSchema(settings, 'create')),
      effectiveDate: requiredDate(FIELD_LABELS.effectiveDate),
      benefitGroupId: required(rowNumber(FIELD_LABELS.group), FIELD_LABELS.group),
      /** Only where the organization supports divisions: a division of the group. */
      divisionNo: optionalField(rowNumber('Division')),
      /** Only where the organization supports divisions. */
      benefitPackageId: optionalField(rowNumber(FIELD_LABELS.benefitPackage)),
      ...cobFields,
      incentivePrograms: incentiveProgramsInput.optional(),
    })
    .superRefine((value, ctx) => checkCob(value, ctx, settings, false));
}
export type EmployeeCreateInput = z.input<ReturnType<typeof employeeCreateSchema>>;
export type EmployeeCreate = z.output<ReturnType<typeof employeeCreateSchema>>;

/**
 * PUT /organizations/{orgId}/employees/{employeeId}: the Member Details form. Name, birth date
 * and gender are always sent; any other field left out is unchanged. The SSN is sent only when
 * the user typed a new one (999-99-9999; the mask XXX-XX-XXXX counts as unchanged).
 */
export function employeeUpdateSchema(
  settings: OrganizationMemberSettings,
  record: RecordEditOptions = {},
) {
  return z
    .object({
      ...personFields(settings.requireAddress),
      phone: optionalField(phoneSchema(FIELD_LABELS.phone)),
      email: optionalField(emailSchema(FIELD_LABELS.email)),
      ssn: ssnUpdateField(),
      clientId: optionalField(clientIdFieldSchema(settings, 'edit')),
      ...cobFields,
      incentivePrograms: incentiveProgramsInput.optional(),
    })
    .superRefine((value, ctx) => checkCob(value, ctx, settings, record.isCOBMandatory === true));
}
export type EmployeeUpdateInput = z.input<ReturnType<typeof employeeUpdateSchema>>;
export type EmployeeUpdate = z.output<ReturnType<typeof employeeUpdateSchema>>;

/**
 * An edited SSN: 999-99-9999. The mask XXX-XX-XXXX, '', null or leaving it out all mean "keep the
 * SSN on file" (an SSN is never removed by an edit), so the field parses to undefined then.
 */
export function ssnUpdateField() {
  return z.preprocess(
    (value) => (value === SSN_MASKED || isBlank(value) ? undefined : value),
    ssnEditSchema(FIELD_LABELS.ssn).optional(),
  );
}

/**
 * The request schemas a route can declare statically: the loosest settings (every limit off,
 * nothing required that settings can require). The service then validates the body again with
 * the organization's own settings (`employeeCreateSchema(settings)` etc.).
 */
const LOOSE_SETTINGS: OrganizationMemberSettings = {
  ...DEFAULT_MEMBER_SETTINGS,
  generateEmployeeSSN: true,
};
export const employeeCreateBody = employeeCreateSchema(LOOSE_SETTINGS);
export const employeeUpdateBody = employeeUpdateSchema(LOOSE_SETTINGS);

/**
 * Whether the person code may be saved: unchanged, or changed on a record that allows it
 * (spec 1 §5 "Editing disabled unless allowPersonCodeEdit is true").
 */
export function personCodeChangeAllowed(
  current: number | null,
  next: number | null | undefined,
  allowPersonCodeEdit: boolean,
): boolean {
  return next === undefined || next === current || allowPersonCodeEdit;
}

// ---------------------------------------------------------------------------------------------
// Lifecycle requests (spec 1 §4, §7)

/** PUT .../termination (set) and PATCH .../termination (change the date). */
export const terminationBody = z.object({
  terminationDate: requiredDate(FIELD_LABELS.terminationDate),
});
export type TerminationBody = z.infer<typeof terminationBody>;

/**
 * The division a member takes with a new group where the organization supports divisions
 * (decision 0074): an existing one of the chosen group (`divisionNo`) or a new one created in the
 * same call (`newDivision`, spec 1 §5: both Division ID and Division Name).
 */
const divisionChoice = {
  /** An existing division of the chosen group (division.divisionNo); null for none. */
  divisionNo: optionalField(rowNumber('Division')),
  /** A division of the chosen group to create with the change (spec 1 §5: ID and name). */
  newDivision: z
    .object({
      divisionId: required(
        z.string().trim().max(20, 'Division ID must not exceed 20 characters'),
        FIELD_LABELS.divisionId,
      ),
      divisionName: required(
        z.string().trim().max(60, 'Division Name must not exceed 60 characters'),
        FIELD_LABELS.divisionName,
      ),
    })
    .optional(),
};

/**
 * PATCH .../reinstatement for an employee: the group to return to and the date. Into another
 * group of an organization with divisions it takes a division of that group (decision 0074);
 * into the same group the member keeps the current division.
 */
export const reinstatementBody = z.object({
  benefitGroupId: required(rowNumber(FIELD_LABELS.group), FIELD_LABELS.group),
  reinstateDate: requiredDate(FIELD_LABELS.reinstateDate),
  ...divisionChoice,
});
export type ReinstatementBody = z.infer<typeof reinstatementBody>;

/**
 * PATCH .../group: a new group and, where the organization supports divisions, a division of it:
 * an existing one (`divisionNo`) or a new one created with the change (`newDivision`). With
 * divisions one of them is required (decision 0074): a member is never left without a division.
 */
export const groupChangeBody = z.object({
  benefitGroupId: required(rowNumber(FIELD_LABELS.group), FIELD_LABELS.group),
  changeDate: requiredDate(FIELD_LABELS.changeDate),
  ...divisionChoice,
});
export type GroupChangeBody = z.infer<typeof groupChangeBody>;

/**
 * POST .../divisions: put the member into a division of the current group. An existing division
 * is named by its Division ID; a new one needs its Division Name as well (spec 1 §5).
 */
export const addDivisionBody = z
  .object({
    divisionEffectiveDate: requiredDate(FIELD_LABELS.divisionEffectiveDate),
    divisionId: required(
      z.string().trim().max(20, 'Division ID must not exceed 20 characters'),
      FIELD_LABELS.divisionId,
    ),
    divisionName: optionalField(
      z.string().trim().max(60, 'Division Name must not exceed 60 characters'),
    ),
    /** True when the user adds a new division (then the name is required). */
    isNew: z.boolean().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.isNew && !value.divisionName) {
      ctx.addIssue({
        code: 'custom',
        path: ['divisionName'],
        message: requiredMessage(FIELD_LABELS.divisionName),
      });
    }
  });
export type AddDivisionBody = z.infer<typeof addDivisionBody>;

/** PATCH .../benefit-package. */
export const benefitPackageChangeBody = z.object({
  benefitPackageId: required(rowNumber(FIELD_LABELS.benefitPackage), FIELD_LABELS.benefitPackage),
  changeDate: requiredDate(FIELD_LABELS.changeDate),
});
export type BenefitPackageChangeBody = z.infer<typeof benefitPackageChangeBody>;

/**
 * The date rule of terminate, change termination and reinstate (spec 1 §5): not earlier than
 * the record's effective date. Answers the message, or null when the date is fine.
 */
export function lifecycleDateError(
  kind: 'termination' | 'reinstate' | 'change' | 'division',
  date: string,
  effectiveDate: string,
): string | null {
  if (notBefore(date, effectiveDate)) return null;
  switch (kind) {
    case 'termination':
      return MEMBER_RECORD_MESSAGES.terminationBeforeEffective;
    case 'reinstate':
      return MEMBER_RECORD_MESSAGES.reinstateBeforeEffective;
    case 'change':
      return MEMBER_RECORD_MESSAGES.changeDateBeforeEffective;
    case 'division':
      return MEMBER_RECORD_MESSAGES.divisionDateBeforeEffective;
  }
}

/**
 * Which message the group-change warning shows when nothing would change (spec 1 §4, §5), or
 * null when something changes.
 */
export function groupChangeWarning(input: {
  currentGroupNo: number;
  currentDivisionNo: number | null;
  benefitGroupId: number;
  divisionNo: number | null | undefined;
}): string | null {
  const sameGroup = input.benefitGroupId === input.currentGroupNo;
  const sameDivision = (input.divisionNo ?? null) === input.currentDivisionNo;
  return sameGroup && sameDivision ? MEMBER_RECORD_MESSAGES.groupChangeRequired : null;
}

// ---------------------------------------------------------------------------------------------
// Status transitions

export interface GroupState {
  processStatus: number;
  expirationDate: string | null;
}

/**
 * The group-expiration check of spec 1 §4 (docs/decisions/0045-member-lifecycle.md): removing a
 * termination is allowed only when the member's current group still covers the day after the
 * member's termination date, that is, the group is not terminated on that day. A group with
 * status 9 and no expiration date counts as ended.
 */
export function groupAllowsTerminationRemoval(
  group: GroupState,
  memberExpirationDate: string | null,
): boolean {
  if (!memberExpirationDate) return group.processStatus !== PROCESS_STATUS.terminated;
  if (group.expirationDate) return group.expirationDate > memberExpirationDate;
  return group.processStatus !== PROCESS_STATUS.terminated;
}

/**
 * A group a member may be reinstated into or moved to (spec 1 §4 "non-terminated groups only"):
 * status 1, or status 9 with an expiration date not yet passed (codes.ts isActiveRecord).
 */
export function groupSelectable(group: GroupState, today: string = todayIso()): boolean {
  return isActiveRecord(group.processStatus, group.expirationDate, today);
}

export const MEMBER_ACTIONS = [
  'edit',
  'terminate',
  'changeTerminationDate',
  'removeTermination',
  'reinstate',
  'changeGroup',
  'changeBenefitPackage',
  'addDependent',
] as const;
export type MemberAction = (typeof MEMBER_ACTIONS)[number];
export type MemberActions = Record<MemberAction, boolean>;

export interface MemberActionsInput {
  processStatus: number;
  expirationDate: string | null;
  /** The member's current group. */
  group: GroupState;
  /** portal-edit-member: without it every action is off and the forms are read-only. */
  canEdit: boolean;
  supportsDivisions: boolean;
}

/**
 * Spec 1 §4: an active member (status 1 or 2) may be terminated; a terminated one (status 9, also
 * while its termination still lies ahead) may have the termination date changed, the termination
 * removed (only when the group check passes) and be reinstated. A terminated member's group
 * cannot be changed. The benefit package follows the group's rule and needs divisions.
 */
export function memberActions(input: MemberActionsInput): MemberActions {
  const terminated = input.processStatus === PROCESS_STATUS.terminated;
  const can = input.canEdit;
  return {
    edit: can,
    terminate: can && !terminated,
    changeTerminationDate: can && terminated,
    removeTermination:
      can && terminated && groupAllowsTerminationRemoval(input.group, input.expirationDate),
    reinstate: can && terminated,
    changeGroup: can && !terminated,
    changeBenefitPackage: can && !terminated && input.supportsDivisions,
    addDependent: can && !terminated,
  };
}

// ---------------------------------------------------------------------------------------------
// Answers

export const memberRecordParams = z.object({
  orgId: z.coerce
    .number({ error: 'orgId must be a number' })
    .int('orgId must be a whole number')
    .positive('orgId must be positive')
    .max(2_147_483_647, 'orgId is too large'),
  employeeId: z.coerce
    .number({ error: 'employeeId must be a number' })
    .int('employeeId must be a whole number')
    .positive('employeeId must be positive')
    .max(2_147_483_647, 'employeeId is too large'),
});
export type MemberRecordParams = z.infer<typeof memberRecordParams>;

export const memberIncentiveProgram = z.object({
  key: z.enum(INCENTIVE_PROGRAM_KEYS),
  label: z.string(),
  enrolled: z.boolean(),
  effectiveDate: z.string().nullable(),
  terminationDate: z.string().nullable(),
  mandatory: z.boolean(),
});
export type MemberIncentiveProgram = z.infer<typeof memberIncentiveProgram>;

const memberActionsSchema = z.object(
  Object.fromEntries(MEMBER_ACTIONS.map((a) => [a, z.boolean()])) as Record<
    MemberAction,
    z.ZodBoolean
  >,
);

/** GET /organizations/{orgId}/employees/{employeeId} (and the answer of every employee write). */
export const employeeDetail = z.object({
  employeeNo: z.number().int(),
  organizationNo: z.number().int(),
  organizationName: z.string(),
  firstName: z.string(),
  middleInitial: z.string().nullable(),
  lastName: z.string(),
  /** "Last, First M" */
  name: z.string(),
  birthdate: z.string(),
  age: z.number().int(),
  gender: z.enum(GENDER_CODES),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  /** 'XXX-XX-XXXX' when an SSN is on file, else null; the digits only via GET .../ssn. */
  ssn: z.literal('XXX-XX-XXXX').nullable(),
  personCode: z.number().int().nullable(),
  clientId: z.string().nullable(),
  generatedId: z.string(),
  alternateId: z.string().nullable(),
  effectiveDate: z.string(),
  originalEffectiveDate: z.string(),
  expirationDate: z.string().nullable(),
  reinstatementDate: z.string().nullable(),
  processStatus: z.number().int(),
  status: z.enum(MEMBER_STATUS_KEYS),
  statusLabel: z.string(),
  groupNo: z.number().int(),
  groupId: z.string(),
  groupName: z.string(),
  groupProcessStatus: z.number().int(),
  groupEffectiveDate: z.string(),
  groupAssignmentDate: z.string().nullable(),
  benefitGroupExpirationDate: z.string().nullable(),
  divisionNo: z.number().int().nullable(),
  divisionId: z.string().nullable(),
  divisionName: z.string().nullable(),
  divisionEffectiveDate: z.string().nullable(),
  benefitPackageNo: z.number().int().nullable(),
  benefitPackageId: z.string().nullable(),
  benefitPackageName: z.string().nullable(),
  benefitPackageEffectiveDate: z.string().nullable(),
  benefitPackageCreatedDate: z.string().nullable(),
  isCobra: z.boolean(),
  isRetiree: z.boolean(),
  isEGWP: z.boolean(),
  isCOBSecondary: z.boolean(),
  isCOBMandatory: z.boolean(),
  cobEffectiveDate: z.string().nullable(),
  /** The form's names (spec 1 §3): the COB effective date and the COB termination date. */
  cobSecondaryDate: z.string().nullable(),
  cobPrimaryDate: z.string().nullable(),
  clientDefinedData: z.string().nullable(),
  medDSubsidyEffectiveDate: z.string().nullable(),
  hicNumber: z.string().nullable(),
  allowPersonCodeEdit: z.boolean(),
  /** The programs the member's group supports, enrolled or not. */
  incentivePrograms: z.array(memberIncentiveProgram),
  /** The organization's member settings, so the forms need no second call. */
  settings: organizationMemberSettings,
  /** What the current user may do now (memberActions). */
  actions: memberActionsSchema,
});
export type EmployeeDetail = z.infer<typeof employeeDetail>;

/** GET .../ssn: the SSN as 999-99-9999, or null when none is on file. */
export const ssnAnswer = z.object({ ssn: z.string().nullable() });
export type SsnAnswer = z.infer<typeof ssnAnswer>;

/** The answer of a member's history list: all rows at once, `{ data, totalCount }`. */
function historyList<T extends z.ZodType>(row: T) {
  return z.object({ data: z.array(row), totalCount: z.number().int() });
}

/** GET .../employees/{employeeId}/idHistory: the member's earlier client IDs. */
export const clientIdHistoryRow = z.object({
  idHistoryNo: z.number().int(),
  historicalId: z.string(),
  effectiveDate: z.string(),
  createdDate: z.string(),
});
export type ClientIdHistoryRow = z.infer<typeof clientIdHistoryRow>;
export const clientIdHistoryList = historyList(clientIdHistoryRow);

/** GET .../division-history: per group the member was in, its divisions. */
export const divisionHistoryEntry = z.object({
  divisionId: z.string(),
  divisionName: z.string(),
  divisionEffectiveDate: z.string(),
  divisionAssignmentDate: z.string(),
});
export const divisionHistoryGroup = z.object({
  groupNo: z.number().int(),
  groupId: z.string(),
  groupName: z.string(),
  groupEffectiveDate: z.string(),
  groupAssignmentDate: z.string(),
  divisionHistory: z.array(divisionHistoryEntry),
});
export type DivisionHistoryGroup = z.infer<typeof divisionHistoryGroup>;
export const divisionHistoryList = historyList(divisionHistoryGroup);

/** GET .../benefit-package-history. */
export const benefitPackageHistoryRow = z.object({
  benefitPackageNo: z.number().int(),
  benefitPackageId: z.string(),
  name: z.string(),
  effectiveDate: z.string(),
  assignmentDate: z.string(),
});
export type BenefitPackageHistoryRow = z.infer<typeof benefitPackageHistoryRow>;
export const benefitPackageHistoryList = historyList(benefitPackageHistoryRow);

/** GET .../group-assignments: the member's groups, newest first (recordType 1 = a group). */
export const groupAssignmentRow = z.object({
  groupAssignmentNo: z.number().int(),
  benefitGroupNo: z.number().int(),
  benefitGroupId: z.string(),
  name: z.string(),
  processStatus: z.number().int(),
  recordType: z.number().int(),
  effectiveDate: z.string(),
  expirationDate: z.string().nullable(),
  assignmentDate: z.string(),
});
export type GroupAssignmentRow = z.infer<typeof groupAssignmentRow>;
export const groupAssignmentList = historyList(groupAssignmentRow);

/** GET /portal/v1/datanet/memberchangehistory: who changed what, when, newest first. */
export const memberChangeHistoryQuery = pagingQuery(['changedAt']).extend({
  employeeId: z.coerce
    .number({ error: 'employeeId must be a number' })
    .int('employeeId must be a whole number')
    .positive('employeeId must be positive')
    .max(2_147_483_647, 'employeeId is too large'),
  dependentId: z.coerce
    .number({ error: 'dependentId must be a number' })
    .int('dependentId must be a whole number')
    .positive('dependentId must be positive')
    .max(2_147_483_647, 'dependentId is too large')
    .optional(),
});
export type MemberChangeHistoryQuery = z.infer<typeof memberChangeHistoryQuery>;

export const memberChangeHistoryRow = z.object({
  historyNo: z.number().int(),
  changedAt: z.string(),
  changedBy: z.number().int().nullable(),
  changedByName: z.string().nullable(),
  employeeNo: z.number().int(),
  dependentNo: z.number().int().nullable(),
  event: z.string(),
  field: z.string().nullable(),
  oldValue: z.string().nullable(),
  newValue: z.string().nullable(),
});
export type MemberChangeHistoryRow = z.infer<typeof memberChangeHistoryRow>;
export const memberChangeHistoryPage = pageSchema(memberChangeHistoryRow);

/** The events a history row records. */
export const MEMBER_HISTORY_EVENTS = {
  create: 'create',
  update: 'update',
  terminate: 'terminate',
  changeTermination: 'change-termination',
  removeTermination: 'remove-termination',
  reinstate: 'reinstate',
  groupChange: 'group-change',
  divisionChange: 'division-change',
  benefitPackageChange: 'benefit-package-change',
  alternateGroupChange: 'alternate-group-change',
  /** Written by the coverages module; the text rows have always carried. */
  newCardRequested: 'New card requested',
} as const;
export type MemberHistoryEvent = (typeof MEMBER_HISTORY_EVENTS)[keyof typeof MEMBER_HISTORY_EVENTS];

/** What a history row shows for an SSN change: that it changed, never the digits. */
export const SSN_HISTORY_VALUE = 'changed';

/** The status label of a record (re-exported use of memberStatusKey for the answers). */
export function memberRecordStatus(
  processStatus: number,
  expirationDate: string | null,
  today: string = todayIso(),
) {
  return memberStatusKey(processStatus, expirationDate, today);
}
