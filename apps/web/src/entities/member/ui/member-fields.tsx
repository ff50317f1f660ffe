import { Checkbox, Form, Input, type FormInstance } from 'antd';
import { type ReactNode } from 'react';
import {
  FIELD_LABELS,
  INCENTIVE_PROGRAMS,
  MEMBER_RECORD_MESSAGES,
  emptyToNull,
  type IncentiveProgramInput,
  type IncentiveProgramKey,
  type OrganizationMemberSettings,
} from '@pillar/domain';
import { type ParsingSchema } from '../../../shared/forms/zod-rule.ts';
import { DateInput, isoDateRule } from '../../../shared/inputs/date-input.tsx';
import { PhoneInput } from '../../../shared/inputs/phone-input.tsx';
import {
  AddressFields,
  ClientDefinedDataField,
  CobSection,
  FieldSection,
  NameFields,
  PersonCodeField,
  recordFieldsOf,
} from './record-fields.tsx';
import './member-record.css';

/** One incentive program as the form holds it. */
export interface ProgramFormValue {
  enrolled?: boolean;
  effectiveDate?: string | null;
  terminationDate?: string | null;
}

/** The values of the member create and edit forms. */
export interface MemberFormValues {
  firstName?: string;
  middleInitial?: string;
  lastName?: string;
  birthdate?: string | null;
  gender?: 'M' | 'F' | 'U';
  address1?: string;
  address2?: string;
  city?: string;
  state?: string;
  zip?: string;
  phone?: string;
  email?: string;
  ssn?: string;
  personCode?: string;
  clientId?: string;
  clientDefinedData?: string;
  isCOBSecondary?: boolean;
  cobSecondaryDate?: string | null;
  cobPrimaryDate?: string | null;
  programs?: Partial<Record<IncentiveProgramKey, ProgramFormValue>>;
}

/** A program the member's group supports (from the group or the member's record). */
export interface SupportedProgram {
  key: IncentiveProgramKey;
  label: string;
  mandatory: boolean;
}

/** The shape both the create and the edit schema share: one rule per field. */
export interface MemberFieldSchemas {
  shape: Record<string, ParsingSchema | undefined>;
}

/** The person fields of a form's values as a request body's (shared by create and edit). */
export function personPayloadOf(values: MemberFormValues, settings: OrganizationMemberSettings) {
  const personCode = values.personCode?.trim();
  const base = emptyToNull({
    firstName: values.firstName?.trim() ?? '',
    middleInitial: values.middleInitial?.trim() ?? '',
    lastName: values.lastName?.trim() ?? '',
    birthdate: values.birthdate ?? '',
    gender: values.gender ?? '',
    address1: values.address1?.trim() ?? '',
    address2: values.address2?.trim() ?? '',
    city: values.city?.trim() ?? '',
    state: values.state ?? '',
    zip: values.zip ?? '',
    phone: values.phone ?? '',
    email: values.email?.trim() ?? '',
    clientId: values.clientId?.trim() ?? '',
  });
  return {
    ...base,
    // Spec 1 §5: converted to an integer before sending.
    personCode: personCode && /^\d+$/.test(personCode) ? Number(personCode) : (personCode ?? null),
    ...(settings.supportsClientDefinedData
      ? { clientDefinedData: values.clientDefinedData?.trim() || null }
      : {}),
  };
}

/**
 * The COB fields of a body (spec 1 §4 "COB"): only where the organization uses COB; an unchecked
 * flag on a record that is not mandatory-COB is sent as null.
 */
export function cobPayloadOf(
  values: MemberFormValues,
  settings: OrganizationMemberSettings,
  isCOBMandatory: boolean,
) {
  if (!settings.useCOB) return {};
  const checked = values.isCOBSecondary === true;
  return {
    isCOBSecondary: checked ? true : isCOBMandatory ? false : null,
    cobSecondaryDate: checked ? (values.cobSecondaryDate ?? null) : null,
    cobPrimaryDate: checked ? null : (values.cobPrimaryDate ?? null),
  };
}

/** The incentive programs of a body: every program the group supports, enrolled or not. */
export function programsPayloadOf(
  values: MemberFormValues,
  supported: readonly SupportedProgram[],
): IncentiveProgramInput[] | undefined {
  if (!supported.length) return undefined;
  return supported.map(({ key }) => {
    const value = values.programs?.[key] ?? {};
    return {
      key,
      enrolled: value.enrolled === true,
      effectiveDate: value.enrolled ? (value.effectiveDate ?? null) : null,
      terminationDate: value.enrolled ? (value.terminationDate ?? null) : null,
    };
  });
}

export interface MemberFieldsProps {
  form: FormInstance<MemberFormValues>;
  mode: 'create' | 'edit';
  settings: OrganizationMemberSettings;
  /** employeeCreateSchema(settings) or employeeUpdateSchema(settings, record). */
  schemas: MemberFieldSchemas;
  /** validateTrigger per field (useBlurThenChange). */
  trigger: (name: string | (string | number)[]) => string[];
  readOnly?: boolean;
  /** Edit: person code editable only when the record allows it. */
  allowPersonCodeEdit?: boolean;
  /** Edit: an unchecked COB flag needs the COB termination date. */
  isCOBMandatory?: boolean;
  /** The SSN control: a reveal-on-demand field on edit, plain entry on create. */
  ssnField: ReactNode;
  /** Programs the group supports (spec 1 §3: each shown only when it does). */
  programs: readonly SupportedProgram[];
  /** Shown after the person fields: group and dates on create. */
  children?: ReactNode;
}

/**
 * The fields of the member forms (spec 1 §3, §5): one place for the create drawer and the Member
 * Details panel, each field checked by the domain schema the server uses for the same body.
 */
export function MemberFields({
  form,
  mode,
  settings,
  schemas,
  trigger,
  readOnly,
  allowPersonCodeEdit,
  isCOBMandatory,
  ssnField,
  programs,
  children,
}: MemberFieldsProps) {
  const enrolled = Form.useWatch('programs', form);
  const fields = recordFieldsOf(schemas.shape, trigger);
  const { item } = fields;

  return (
    <>
      <FieldSection legend="Personal Information">
        <NameFields fields={fields} readOnly={readOnly} />
        {ssnField}
        <PersonCodeField
          fields={fields}
          readOnly={readOnly}
          locked={mode === 'edit' && !allowPersonCodeEdit}
        />
        <Form.Item {...item('clientId', FIELD_LABELS.clientId)}>
          <Input autoComplete="off" disabled={readOnly} />
        </Form.Item>
      </FieldSection>

      <FieldSection
        legend="Contact"
        below={
          settings.supportsClientDefinedData && (
            <ClientDefinedDataField fields={fields} readOnly={readOnly} />
          )
        }
      >
        <AddressFields fields={fields} readOnly={readOnly} required={settings.requireAddress} />
        <Form.Item {...item('phone', FIELD_LABELS.phone)}>
          <PhoneInput disabled={readOnly} />
        </Form.Item>
        <Form.Item {...item('email', FIELD_LABELS.email)}>
          <Input autoComplete="off" inputMode="email" disabled={readOnly} />
        </Form.Item>
      </FieldSection>

      {children}

      {settings.useCOB && (
        <CobSection fields={fields} readOnly={readOnly} isCOBMandatory={isCOBMandatory} />
      )}

      {programs.length > 0 && (
        <fieldset className="member-form__section">
          <legend>Incentive Programs</legend>
          <div className="member-form__programs">
            {programs.map((program) => {
              const on = enrolled?.[program.key]?.enrolled === true;
              const effectiveName = ['programs', program.key, 'effectiveDate'];
              return (
                <div className="member-form__program" key={program.key}>
                  <Form.Item
                    name={['programs', program.key, 'enrolled']}
                    valuePropName="checked"
                    className="member-form__checkbox"
                  >
                    <Checkbox disabled={readOnly}>
                      {program.label}
                      {program.mandatory ? ' (mandatory)' : ''}
                    </Checkbox>
                  </Form.Item>
                  {on && (
                    <>
                      <Form.Item
                        name={effectiveName}
                        label={`${program.label} Effective Date`}
                        validateTrigger={trigger(effectiveName)}
                        rules={[isoDateRule('Effective Date')]}
                      >
                        <DateInput disabled={readOnly} />
                      </Form.Item>
                      <Form.Item
                        name={['programs', program.key, 'terminationDate']}
                        label={`${program.label} Termination Date`}
                        dependencies={[effectiveName]}
                        validateTrigger={trigger(['programs', program.key, 'terminationDate'])}
                        rules={[
                          isoDateRule('Termination Date'),
                          ({ getFieldValue }) => ({
                            validator: async (_: unknown, value: string | null | undefined) => {
                              const start = getFieldValue(effectiveName) as string | null;
                              if (value && start && value < start) {
                                throw new Error(MEMBER_RECORD_MESSAGES.incentiveProgramDates);
                              }
                            },
                          }),
                        ]}
                      >
                        <DateInput disabled={readOnly} />
                      </Form.Item>
                    </>
                  )}
                </div>
              );
            })}
          </div>
        </fieldset>
      )}
    </>
  );
}

/** The programs of the spec's list the group supports, in the spec's order. */
export function supportedProgramsOf(
  programs: readonly { key: IncentiveProgramKey; label: string; mandatory: boolean }[],
): SupportedProgram[] {
  const byKey = new Map(programs.map((p) => [p.key, p]));
  return INCENTIVE_PROGRAMS.filter((p) => byKey.has(p.key)).map((p) => ({
    key: p.key,
    label: p.label,
    mandatory: byKey.get(p.key)!.mandatory,
  }));
}
