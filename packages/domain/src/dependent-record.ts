import { z } from 'zod';
import { PROCESS_STATUS, RELATIONSHIPS, isActiveRecord, todayIso } from './codes.ts';
import {
  FIELD_LABELS,
  GENDER_CODES,
  MEMBER_RECORD_MESSAGES,
  DEFAULT_MEMBER_SETTINGS,
  checkCob,
  cobFields,
  memberRecordParams,
  optionalField,
  organizationMemberSettings,
  personFields,
  relationshipSchema,
  requiredDate,
  rowNumber,
  ssnUpdateField,
  type OrganizationMemberSettings,
  type RecordEditOptions,
} from './member-record.ts';
import { MEMBER_STATUS_KEYS } from './members.ts';
import { isBlank, required, ssnCreateSchema, ssnEditSchema } from './validation.ts';

/*
 * A dependent's record (spec 1 §2 "Dependent page", §3 Dependent, §4 Dependent, §5, §7): the
 * create and edit schemas (built on the shared person fields of member-record.ts), the page's
 * detail answer, the lifecycle bodies, the alternate group and the actions a dependent's state
 * allows. Shared by the server and the web forms. Definitions the spec leaves open are in
 * docs/decisions/0047-dependents.md.
 */

export const DEPENDENT_MESSAGES = {
  memberTerminated: MEMBER_RECORD_MESSAGES.dependentReinstateMemberTerminated,
  removeTerminationMemberTerminated:
    MEMBER_RECORD_MESSAGES.dependentRemoveTerminationMemberTerminated,
  memberTerminatedEdit: 'The dependent cannot be changed because the member is terminated.',
  groupNotVisible: 'You do not have permission to view the current group',
  fieldNotSupported: 'The organization does not offer this field for dependents.',
  alternateGroupsNotSupported: 'The organization does not support dependent alternate groups.',
  sameGroup: 'Choose a group other than the current group.',
  groupTerminated: 'A dependent cannot be moved to a terminated group.',
  groupNotFound: 'The group does not exist in this organization.',
  alternateGroupDependentTerminated: 'The group of a terminated dependent cannot be changed.',
  noMemberSsnToDefault:
    "SSN is required: the organization defaults a dependent's SSN to the member's, and the member has none.",
  addMemberTerminated: 'Dependents cannot be added to a terminated member.',
} as const;

/** Relationship codes a dependent may have: 2-7 (1, Subscriber, is the employee). */
export const DEPENDENT_RELATIONSHIP_CODES = [2, 3, 4, 5, 6, 7] as const;

/** The relationship select of the create form: codes 2-7 with the spec's labels. */
export const DEPENDENT_RELATIONSHIP_OPTIONS = DEPENDENT_RELATIONSHIP_CODES.map((code) => ({
  value: code,
  label: RELATIONSHIPS[code],
}));

// ---------------------------------------------------------------------------------------------
// Organization rules

/**
 * Whether a create must carry an SSN (spec 1 §5): when the organization requires dependent SSNs
 * and does not default them. A defaulted SSN is the member's own (decision 0047).
 */
export function dependentSsnRequired(settings: OrganizationMemberSettings): boolean {
  return settings.requireDependentSSN && !settings.defaultDependentSSN;
}

/** Address 1, city, state and zip: required only where dependents have their own address. */
export function dependentAddressRequired(settings: OrganizationMemberSettings): boolean {
  return settings.requireAddress && settings.SupportsDifferentDependentAddress;
}

/**
 * The fields a dependent may carry only when the organization offers them (spec 1 §3 flags, §5):
 * its own address with SupportsDifferentDependentAddress, COB with useCOB, client defined data
 * with supportsClientDefinedData. Answers field → message for each one filled in anyway.
 */
export function unsupportedDependentFields(
  input: Record<string, unknown>,
  settings: Pick<
    OrganizationMemberSettings,
    'SupportsDifferentDependentAddress' | 'useCOB' | 'supportsClientDefinedData'
  >,
): Record<string, string> {
  const fields: string[] = [];
  if (!settings.SupportsDifferentDependentAddress)
    fields.push('address1', 'address2', 'city', 'state', 'zip');
  if (!settings.useCOB) fields.push('cobSecondaryDate', 'cobPrimaryDate');
  if (!settings.supportsClientDefinedData) fields.push('clientDefinedData');
  const out: Record<string, string> = {};
  for (const field of fields) {
    if (!isBlank(input[field])) out[field] = DEPENDENT_MESSAGES.fieldNotSupported;
  }
  if (!settings.useCOB && input.isCOBSecondary === true)
    out.isCOBSecondary = DEPENDENT_MESSAGES.fieldNotSupported;
  return out;
}

// ---------------------------------------------------------------------------------------------
// Create and edit

/**
 * POST .../employees/{employeeId}/dependents. Required: first and last name, birth date, gender,
 * relationship, effective date; the SSN when the organization requires it without defaulting it;
 * address 1, city, state and zip when the organization requires an address and supports a
 * dependent's own.
 */
export function dependentCreateSchema(settings: OrganizationMemberSettings) {
  return z
    .object({
      ...personFields(dependentAddressRequired(settings)),
      relationship: required(
        relationshipSchema(FIELD_LABELS.relationship),
        FIELD_LABELS.relationship,
      ),
      ssn: dependentSsnRequired(settings)
        ? required(ssnCreateSchema(FIELD_LABELS.ssn), FIELD_LABELS.ssn)
        : optionalField(ssnCreateSchema(FIELD_LABELS.ssn)),
      effectiveDate: requiredDate(FIELD_LABELS.effectiveDate),
      ...cobFields,
    })
    .superRefine((value, ctx) => checkCob(value, ctx, settings, false));
}
export type DependentCreateInput = z.input<ReturnType<typeof dependentCreateSchema>>;
export type DependentCreate = z.output<ReturnType<typeof dependentCreateSchema>>;

/**
 * PUT .../dependents/{dependentId}: the Dependent Details form. Name, birth date and gender are
 * always sent; any other field left out is unchanged, null clears it. The SSN is sent only when
 * typed anew (999-99-9999; the mask counts as unchanged).
 */
export function dependentUpdateSchema(
  settings: OrganizationMemberSettings,
  record: RecordEditOptions = {},
) {
  return z
    .object({
      ...personFields(dependentAddressRequired(settings)),
      relationship: optionalField(relationshipSchema(FIELD_LABELS.relationship)),
      ssn: ssnUpdateField(),
      ...cobFields,
    })
    .superRefine((value, ctx) => checkCob(value, ctx, settings, record.isCOBMandatory === true));
}
export type DependentUpdateInput = z.input<ReturnType<typeof dependentUpdateSchema>>;
export type DependentUpdate = z.output<ReturnType<typeof dependentUpdateSchema>>;

/** The schemas a route declares statically; the service checks again with the organization's settings. */
export const dependentCreateBody = dependentCreateSchema(DEFAULT_MEMBER_SETTINGS);
export const dependentUpdateBody = dependentUpdateSchema(DEFAULT_MEMBER_SETTINGS);

/** PUT .../dependents/{id}/ssn: the edit format (999-99-9999); null (or blank) removes it. */
export const dependentSsnBody = z.object({
  ssn: z.preprocess((v) => (isBlank(v) ? null : v), ssnEditSchema(FIELD_LABELS.ssn).nullable()),
});
export type DependentSsnBody = z.infer<typeof dependentSsnBody>;

// ---------------------------------------------------------------------------------------------
// Lifecycle

/** PATCH .../dependents/{id}/reinstatement. */
export const dependentReinstatementBody = z.object({
  reinstateDate: requiredDate(FIELD_LABELS.reinstateDate),
});
export type DependentReinstatementBody = z.infer<typeof dependentReinstatementBody>;

/** PATCH .../alternate-group (spec 1 §7): benefitGroupID is the group's number (benefitGroupNo). */
export const dependentAlternateGroupBody = z.object({
  benefitGroupID: required(rowNumber(FIELD_LABELS.group), FIELD_LABELS.group),
  changeDate: requiredDate(FIELD_LABELS.changeDate),
});
export type DependentAlternateGroupBody = z.infer<typeof dependentAlternateGroupBody>;

export const DEPENDENT_ACTIONS = [
  'edit',
  'terminate',
  'reinstate',
  'removeTermination',
  'changeGroup',
] as const;
export type DependentAction = (typeof DEPENDENT_ACTIONS)[number];
export type DependentActions = Record<DependentAction, boolean> & {
  /** Why the dependent is frozen, when the member is terminated (spec 1 §4); else null. */
  reinstateBlockedMessage: string | null;
};

export interface DependentActionsInput {
  processStatus: number;
  /** The employee the dependent belongs to. */
  member: { processStatus: number; expirationDate: string | null };
  /** portal-edit-member: without it every action is off and the form is read-only. */
  canEdit: boolean;
  /** Whether the organization supports dependent alternate groups. */
  supportsAlternateGroup: boolean;
  today?: string;
}

/**
 * Whether the member is terminated for the dependent's purposes: status 9 and past its
 * expiration date (codes.ts isActiveRecord), so a member whose termination lies ahead is
 * still active.
 */
export function dependentMemberTerminated(
  member: { processStatus: number; expirationDate: string | null },
  today: string = todayIso(),
): boolean {
  return !isActiveRecord(member.processStatus, member.expirationDate, today);
}

/**
 * Spec 1 §4 "Dependent": active → terminate; terminated → reinstate and remove termination.
 * With the member terminated nothing is offered: the page shows 'Dependent cannot be reinstated
 * because the member is terminated.' and the form is disabled. The group change is offered for
 * an active dependent of an organization that supports alternate groups.
 */
export function dependentActions(input: DependentActionsInput): DependentActions {
  const terminated = input.processStatus === PROCESS_STATUS.terminated;
  const memberTerminated = dependentMemberTerminated(input.member, input.today);
  const can = input.canEdit && !memberTerminated;
  return {
    edit: can,
    terminate: can && !terminated,
    reinstate: can && terminated,
    removeTermination: can && terminated,
    changeGroup: can && !terminated && input.supportsAlternateGroup,
    reinstateBlockedMessage: memberTerminated ? DEPENDENT_MESSAGES.memberTerminated : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Answers

/** /organizations/{orgId}/employees/{employeeId}/dependents/{dependentId}/... */
export const dependentRecordParams = memberRecordParams.extend({
  dependentId: z.coerce
    .number({ error: 'dependentId must be a number' })
    .int('dependentId must be a whole number')
    .positive('dependentId must be positive')
    .max(2_147_483_647, 'dependentId is too large'),
});
export type DependentRecordParams = z.infer<typeof dependentRecordParams>;

const dependentActionsSchema = z.object({
  ...(Object.fromEntries(DEPENDENT_ACTIONS.map((a) => [a, z.boolean()])) as Record<
    DependentAction,
    z.ZodBoolean
  >),
  reinstateBlockedMessage: z.string().nullable(),
});

/**
 * GET .../dependents/{dependentId} (and the answer of every dependent write). The SSN only ever
 * masked. The group is the dependent's alternate group, or the member's when it has none; when
 * it lies outside the user's group scope `groupVisible` is false, its number, id and name are
 * null, and the page says 'You do not have permission to view the current group' (spec 1 §8).
 */
export const dependentDetail = z.object({
  dependentNo: z.number().int(),
  employeeNo: z.number().int(),
  organizationNo: z.number().int(),
  organizationName: z.string(),
  memberName: z.string(),
  memberProcessStatus: z.number().int(),
  memberExpirationDate: z.string().nullable(),
  memberStatus: z.enum(MEMBER_STATUS_KEYS),
  memberTerminated: z.boolean(),
  firstName: z.string(),
  middleInitial: z.string().nullable(),
  lastName: z.string(),
  /** "Last, First M" */
  fullName: z.string(),
  birthdate: z.string(),
  age: z.number().int(),
  gender: z.enum(GENDER_CODES),
  relationship: z.number().int(),
  relationshipLabel: z.string(),
  effectiveDate: z.string(),
  originalEffectiveDate: z.string(),
  /** The header's effective period: 'From MM/DD/YYYY' or 'From MM/DD/YYYY to MM/DD/YYYY'. */
  effectiveDateLabel: z.string(),
  expirationDate: z.string().nullable(),
  processStatus: z.number().int(),
  status: z.enum(MEMBER_STATUS_KEYS),
  statusLabel: z.string(),
  isActive: z.boolean(),
  personCode: z.number().int().nullable(),
  allowPersonCodeEdit: z.boolean(),
  /** 'XXX-XX-XXXX' when an SSN is on file, else null; the digits only via GET .../ssn. */
  ssn: z.literal('XXX-XX-XXXX').nullable(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  groupVisible: z.boolean(),
  groupNo: z.number().int().nullable(),
  groupId: z.string().nullable(),
  groupName: z.string().nullable(),
  /** The dependent's own group number (null: it follows the member's group). */
  alternateDependentGroup: z.number().int().nullable(),
  alternateDependentGroupDateEff: z.string().nullable(),
  isCOBSecondary: z.boolean(),
  isCOBMandatory: z.boolean(),
  /** The COB effective date, also under the form's name. */
  cobEffectiveDate: z.string().nullable(),
  cobSecondaryDate: z.string().nullable(),
  /** The COB termination date. */
  cobPrimaryDate: z.string().nullable(),
  clientDefinedData: z.string().nullable(),
  /** The organization's settings, so the form needs no second call. */
  settings: organizationMemberSettings,
  /** What the current user may do now (dependentActions). */
  actions: dependentActionsSchema,
});
export type DependentDetail = z.infer<typeof dependentDetail>;

/** GET .../alternate-group-options: the organization's groups the user may see. */
export const alternateGroupOption = z.object({
  benefitGroupNo: z.number().int(),
  benefitGroupId: z.string(),
  name: z.string(),
  processStatus: z.number().int(),
  expirationDate: z.string().nullable(),
  /** The dependent's current group: listed, but not a choice (spec 1 §4). */
  current: z.boolean(),
  /** The member's own group: choosing it ends the alternate group. */
  memberGroup: z.boolean(),
});
export type AlternateGroupOption = z.infer<typeof alternateGroupOption>;
export const alternateGroupOptions = z.object({ data: z.array(alternateGroupOption) });
export type AlternateGroupOptions = z.infer<typeof alternateGroupOptions>;

/** 'From 01/02/2024' or 'From 01/02/2024 to 12/31/2025' (dates as MM/DD/YYYY). */
export function dependentEffectivePeriod(
  effectiveDate: string,
  expirationDate: string | null,
  format: (iso: string) => string,
): string {
  return expirationDate
    ? `From ${format(effectiveDate)} to ${format(expirationDate)}`
    : `From ${format(effectiveDate)}`;
}
