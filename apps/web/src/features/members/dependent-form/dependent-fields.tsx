import { Checkbox, Form, Input, Select, type FormInstance, type FormRule } from 'antd';
import { type ReactNode } from 'react';
import {
  CLIENT_DEFINED_DATA_MAX_LENGTH,
  DEPENDENT_RELATIONSHIP_OPTIONS,
  FIELD_LABELS,
  GENDERS,
  MEMBER_RECORD_MESSAGES,
  PERSON_CODE_MAX_LENGTH,
  dependentAddressRequired,
  emptyToNull,
  type OrganizationMemberSettings,
} from '@pillar/domain';
import { zodRule, type ParsingSchema } from '../../../shared/forms/zod-rule.ts';
import { DateInput, isoDateRule } from '../../../shared/inputs/date-input.tsx';
import { ZipInput } from '../../../shared/inputs/zip-input.tsx';
import { US_STATE_OPTIONS } from '../../../shared/member-record/us-states.ts';
import './dependent-form.css';

/** The values of the dependent create and edit forms. */
export interface DependentFormValues {
  firstName?: string;
  middleInitial?: string;
  lastName?: string;
  birthdate?: string | null;
  gender?: 'M' | 'F' | 'U';
  relationship?: number;
  effectiveDate?: string | null;
  ssn?: string;
  personCode?: string;
  address1?: string;
  address2?: string;
  city?: string;
  state?: string;
  zip?: string;
  clientDefinedData?: string;
  isCOBSecondary?: boolean;
  cobSecondaryDate?: string | null;
  cobPrimaryDate?: string | null;
}

export const GENDER_OPTIONS = Object.entries(GENDERS).map(([value, label]) => ({ value, label }));

/**
 * A form's values as a request body: trimmed, '' turned into null (spec 1 §4), the person code an
 * integer, and only the fields the organization offers dependents.
 */
export function dependentPayloadOf(
  values: DependentFormValues,
  settings: OrganizationMemberSettings,
  isCOBMandatory: boolean,
): Record<string, unknown> {
  const personCode = values.personCode?.toString().trim();
  const checked = values.isCOBSecondary === true;
  return emptyToNull({
    firstName: values.firstName?.trim() ?? '',
    middleInitial: values.middleInitial?.trim() ?? '',
    lastName: values.lastName?.trim() ?? '',
    birthdate: values.birthdate ?? '',
    gender: values.gender ?? '',
    relationship: values.relationship ?? null,
    // Spec 1 §5: converted to an integer before sending.
    personCode: personCode && /^\d+$/.test(personCode) ? Number(personCode) : (personCode ?? ''),
    ...(settings.SupportsDifferentDependentAddress
      ? {
          address1: values.address1?.trim() ?? '',
          address2: values.address2?.trim() ?? '',
          city: values.city?.trim() ?? '',
          state: values.state ?? '',
          zip: values.zip ?? '',
        }
      : {}),
    ...(settings.supportsClientDefinedData
      ? { clientDefinedData: values.clientDefinedData?.trim() ?? '' }
      : {}),
    ...(settings.useCOB
      ? {
          // Spec 1 §4: unchecked and not mandatory is sent as null.
          isCOBSecondary: checked ? true : isCOBMandatory ? false : null,
          cobSecondaryDate: checked ? (values.cobSecondaryDate ?? '') : '',
          cobPrimaryDate: checked ? '' : (values.cobPrimaryDate ?? ''),
        }
      : {}),
  });
}

/** A whole-body check's issues as form field errors. */
export function fieldErrorsOf(issues: readonly { path: PropertyKey[]; message: string }[]) {
  const seen = new Set<string>();
  const out: { name: keyof DependentFormValues; errors: string[] }[] = [];
  for (const issue of issues) {
    const name = issue.path.map(String).join('.');
    if (!name || seen.has(name)) continue;
    seen.add(name);
    out.push({ name: name as keyof DependentFormValues, errors: [issue.message] });
  }
  return out;
}

export interface DependentFieldsProps {
  form: FormInstance<DependentFormValues>;
  mode: 'create' | 'edit';
  settings: OrganizationMemberSettings;
  /** dependentCreateSchema(settings) or dependentUpdateSchema(settings, record). */
  shape: Record<string, ParsingSchema | undefined>;
  /** validateTrigger per field (useBlurThenChange). */
  trigger: (name: string) => string[];
  readOnly?: boolean;
  allowPersonCodeEdit?: boolean;
  isCOBMandatory?: boolean;
  /** The SSN control: reveal on demand when editing, plain entry on create. */
  ssnField: ReactNode;
  /** The effective date on create. */
  children?: ReactNode;
}

/**
 * The fields of the dependent forms (spec 1 §3, §5): the create drawer and the Dependent Details
 * panel, each checked by the domain schema the server uses for the same body. The address only
 * where the organization supports a dependent's own, client defined data and COB only where the
 * organization offers them.
 */
export function DependentFields({
  form,
  mode,
  settings,
  shape,
  trigger,
  readOnly,
  allowPersonCodeEdit,
  isCOBMandatory,
  ssnField,
  children,
}: DependentFieldsProps) {
  const cobSecondary = Form.useWatch('isCOBSecondary', form) === true;
  const addressRequired = dependentAddressRequired(settings);
  const rulesOf = (name: string): FormRule[] => {
    const schema = shape[name];
    return schema ? [zodRule(schema)] : [];
  };
  const item = (name: string, label: string, isRequired = false) => ({
    name,
    label,
    required: isRequired,
    rules: rulesOf(name),
    validateTrigger: trigger(name),
  });
  return (
    <>
      <fieldset className="dependent-form__section">
        <legend>Personal Information</legend>
        <div className="dependent-form__grid">
          <Form.Item {...item('firstName', FIELD_LABELS.firstName, true)}>
            <Input autoComplete="off" disabled={readOnly} maxLength={29} />
          </Form.Item>
          <Form.Item {...item('middleInitial', FIELD_LABELS.middleInitial)}>
            <Input autoComplete="off" disabled={readOnly} maxLength={1} />
          </Form.Item>
          <Form.Item {...item('lastName', FIELD_LABELS.lastName, true)}>
            <Input autoComplete="off" disabled={readOnly} maxLength={29} />
          </Form.Item>
          <Form.Item
            {...item('birthdate', FIELD_LABELS.birthdate, true)}
            rules={[...rulesOf('birthdate'), isoDateRule(FIELD_LABELS.birthdate)]}
          >
            <DateInput disabled={readOnly} />
          </Form.Item>
          <Form.Item {...item('gender', FIELD_LABELS.gender, true)}>
            <Select options={GENDER_OPTIONS} disabled={readOnly} placeholder="Select" />
          </Form.Item>
          <Form.Item {...item('relationship', FIELD_LABELS.relationship, mode === 'create')}>
            <Select
              options={DEPENDENT_RELATIONSHIP_OPTIONS}
              disabled={readOnly}
              placeholder="Select"
            />
          </Form.Item>
          {children}
          {ssnField}
          <Form.Item {...item('personCode', FIELD_LABELS.personCode)}>
            <Input
              inputMode="numeric"
              autoComplete="off"
              maxLength={PERSON_CODE_MAX_LENGTH}
              disabled={readOnly || (mode === 'edit' && !allowPersonCodeEdit)}
            />
          </Form.Item>
        </div>
      </fieldset>

      {settings.SupportsDifferentDependentAddress && (
        <fieldset className="dependent-form__section">
          <legend>Address</legend>
          <div className="dependent-form__grid">
            <Form.Item {...item('address1', FIELD_LABELS.address1, addressRequired)}>
              <Input autoComplete="off" disabled={readOnly} />
            </Form.Item>
            <Form.Item {...item('address2', FIELD_LABELS.address2)}>
              <Input autoComplete="off" disabled={readOnly} />
            </Form.Item>
            <Form.Item {...item('city', FIELD_LABELS.city, addressRequired)}>
              <Input autoComplete="off" disabled={readOnly} />
            </Form.Item>
            <Form.Item {...item('state', FIELD_LABELS.state, addressRequired)}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                options={US_STATE_OPTIONS}
                disabled={readOnly}
                placeholder="Select"
              />
            </Form.Item>
            <Form.Item {...item('zip', FIELD_LABELS.zip, addressRequired)}>
              <ZipInput disabled={readOnly} />
            </Form.Item>
          </div>
        </fieldset>
      )}

      {settings.supportsClientDefinedData && (
        <Form.Item {...item('clientDefinedData', FIELD_LABELS.clientDefinedData)}>
          <Input.TextArea
            rows={4}
            showCount
            maxLength={CLIENT_DEFINED_DATA_MAX_LENGTH}
            disabled={readOnly}
          />
        </Form.Item>
      )}

      {settings.useCOB && (
        <fieldset className="dependent-form__section">
          <legend>Coordination of Benefits</legend>
          <div className="dependent-form__grid">
            <Form.Item
              name="isCOBSecondary"
              valuePropName="checked"
              className="dependent-form__checkbox"
            >
              <Checkbox disabled={readOnly}>COB Secondary?</Checkbox>
            </Form.Item>
            {cobSecondary ? (
              <Form.Item
                {...item('cobSecondaryDate', FIELD_LABELS.cobSecondaryDate, true)}
                rules={[
                  { required: true, message: MEMBER_RECORD_MESSAGES.cobEffectiveRequired },
                  isoDateRule(FIELD_LABELS.cobSecondaryDate),
                ]}
              >
                <DateInput disabled={readOnly} />
              </Form.Item>
            ) : (
              isCOBMandatory && (
                <Form.Item
                  {...item('cobPrimaryDate', FIELD_LABELS.cobPrimaryDate, true)}
                  rules={[
                    { required: true, message: MEMBER_RECORD_MESSAGES.cobTerminationRequired },
                    isoDateRule(FIELD_LABELS.cobPrimaryDate),
                  ]}
                >
                  <DateInput disabled={readOnly} />
                </Form.Item>
              )
            )}
          </div>
        </fieldset>
      )}
    </>
  );
}

/** A 400's params (field → message) as form field errors. */
export function serverFieldErrorsOf(params: Record<string, string>) {
  return fieldErrorsOf(
    Object.entries(params).map(([name, message]) => ({ path: [name], message })),
  );
}
