import { Checkbox, Form, Input, Select, type FormRule } from 'antd';
import { type ReactNode } from 'react';
import {
  CLIENT_DEFINED_DATA_MAX_LENGTH,
  FIELD_LABELS,
  GENDERS,
  MEMBER_RECORD_MESSAGES,
  PERSON_CODE_MAX_LENGTH,
} from '@pillar/domain';
import { zodRule, type ParsingSchema } from '../../../shared/forms/zod-rule.ts';
import { DateInput, isoDateRule } from '../../../shared/inputs/date-input.tsx';
import { ZipInput } from '../../../shared/inputs/zip-input.tsx';
import { US_STATE_OPTIONS } from './us-states.ts';
import './member-record.css';

/*
 * The field blocks the member and the dependent forms share (spec 1 §3, §5): the person's name,
 * birthdate and gender, the person code, the address, client defined data and COB. Each form puts
 * them in its own order and sections; every field is checked by the domain schema the server uses.
 */

export const GENDER_OPTIONS = Object.entries(GENDERS).map(([value, label]) => ({ value, label }));

/** The Form.Item props of one field: its label, required mark, schema rule and check trigger. */
export interface FieldProps {
  name: string;
  label: string;
  required: boolean;
  rules: FormRule[];
  validateTrigger: string[];
}

/** How a form's fields are checked: built once per form by `recordFieldsOf`. */
export interface RecordFields {
  /** The domain schema's rule for a field (none where the schema has no such field). */
  rulesOf: (name: string) => FormRule[];
  /** A typed field: checked on blur, then as the user types (useBlurThenChange). */
  item: (name: string, label: string, isRequired?: boolean) => FieldProps;
  /** A select. */
  choice: (name: string, label: string, isRequired?: boolean) => FieldProps;
}

export function recordFieldsOf(
  shape: Record<string, ParsingSchema | undefined>,
  /** validateTrigger per field (useBlurThenChange). */
  trigger: (name: string) => string[],
  /**
   * A choice is made at once, so the member forms check a select when it changes: a check on
   * blur could run between the mouse leaving the field and the option landing, and flag it as
   * empty. Off: selects are checked like typed fields.
   */
  checkChoicesOnChange = true,
): RecordFields {
  const rulesOf = (name: string): FormRule[] => {
    const schema = shape[name];
    return schema ? [zodRule(schema)] : [];
  };
  const item = (name: string, label: string, isRequired = false): FieldProps => ({
    name,
    label,
    required: isRequired,
    rules: rulesOf(name),
    validateTrigger: trigger(name),
  });
  const choice = (name: string, label: string, isRequired = false): FieldProps => ({
    ...item(name, label, isRequired),
    ...(checkChoicesOnChange ? { validateTrigger: ['onChange'] } : {}),
  });
  return { rulesOf, item, choice };
}

/** A titled block of fields in a grid; `below` spans the block's width under the grid. */
export function FieldSection({
  legend,
  children,
  below,
}: {
  legend: string;
  children: ReactNode;
  below?: ReactNode;
}) {
  return (
    <fieldset className="member-form__section">
      <legend>{legend}</legend>
      <div className="member-form__grid">{children}</div>
      {below}
    </fieldset>
  );
}

interface BlockProps {
  fields: RecordFields;
  readOnly?: boolean;
}

/** First name, middle initial, last name, birthdate and gender: all but the initial required. */
export function NameFields({ fields, readOnly }: BlockProps) {
  const { item, choice, rulesOf } = fields;
  return (
    <>
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
      <Form.Item {...choice('gender', FIELD_LABELS.gender, true)}>
        <Select options={GENDER_OPTIONS} disabled={readOnly} placeholder="Select" />
      </Form.Item>
    </>
  );
}

/** The person code: typed as digits; on edit, only where the record allows it (`locked`). */
export function PersonCodeField({ fields, readOnly, locked }: BlockProps & { locked?: boolean }) {
  return (
    <Form.Item {...fields.item('personCode', FIELD_LABELS.personCode)}>
      <Input
        inputMode="numeric"
        autoComplete="off"
        maxLength={PERSON_CODE_MAX_LENGTH}
        disabled={readOnly || locked}
      />
    </Form.Item>
  );
}

/** Address lines, city, state and ZIP; the address line 2 is never required. */
export function AddressFields({ fields, readOnly, required }: BlockProps & { required: boolean }) {
  const { item, choice } = fields;
  return (
    <>
      <Form.Item {...item('address1', FIELD_LABELS.address1, required)}>
        <Input autoComplete="off" disabled={readOnly} />
      </Form.Item>
      <Form.Item {...item('address2', FIELD_LABELS.address2)}>
        <Input autoComplete="off" disabled={readOnly} />
      </Form.Item>
      <Form.Item {...item('city', FIELD_LABELS.city, required)}>
        <Input autoComplete="off" disabled={readOnly} />
      </Form.Item>
      <Form.Item {...choice('state', FIELD_LABELS.state, required)}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          options={US_STATE_OPTIONS}
          disabled={readOnly}
          placeholder="Select"
        />
      </Form.Item>
      <Form.Item {...item('zip', FIELD_LABELS.zip, required)}>
        <ZipInput disabled={readOnly} />
      </Form.Item>
    </>
  );
}

/** Client defined data: shown by the caller only where the organization supports it. */
export function ClientDefinedDataField({ fields, readOnly }: BlockProps) {
  return (
    <Form.Item {...fields.item('clientDefinedData', FIELD_LABELS.clientDefinedData)}>
      <Input.TextArea
        rows={4}
        showCount
        maxLength={CLIENT_DEFINED_DATA_MAX_LENGTH}
        disabled={readOnly}
      />
    </Form.Item>
  );
}

/**
 * Coordination of Benefits (spec 1 §4 "COB"), where the organization uses it: checked, the COB
 * effective date is required; unchecked on a mandatory-COB record, the COB termination date.
 */
export function CobSection({
  fields,
  readOnly,
  isCOBMandatory,
}: BlockProps & { isCOBMandatory?: boolean }) {
  const form = Form.useFormInstance();
  const cobSecondary = Form.useWatch('isCOBSecondary', form) === true;
  const { item } = fields;
  return (
    <FieldSection legend="Coordination of Benefits">
      <Form.Item name="isCOBSecondary" valuePropName="checked" className="member-form__checkbox">
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
    </FieldSection>
  );
}
