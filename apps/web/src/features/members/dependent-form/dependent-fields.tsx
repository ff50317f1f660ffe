import { Form, Select } from 'antd';
import { type ReactNode } from 'react';
import {
  DEPENDENT_RELATIONSHIP_OPTIONS,
  FIELD_LABELS,
  dependentAddressRequired,
  emptyToNull,
  type OrganizationMemberSettings,
} from '@pillar/domain';
import { type ParsingSchema } from '../../../shared/forms/zod-rule.ts';
import {
  AddressFields,
  ClientDefinedDataField,
  CobSection,
  FieldSection,
  NameFields,
  PersonCodeField,
  recordFieldsOf,
} from '../../../entities/member/index.ts';

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

export interface DependentFieldsProps {
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
  const fields = recordFieldsOf(shape, trigger, false);
  return (
    <>
      <FieldSection legend="Personal Information">
        <NameFields fields={fields} readOnly={readOnly} />
        <Form.Item {...fields.item('relationship', FIELD_LABELS.relationship, mode === 'create')}>
          <Select
            options={DEPENDENT_RELATIONSHIP_OPTIONS}
            disabled={readOnly}
            placeholder="Select"
          />
        </Form.Item>
        {children}
        {ssnField}
        <PersonCodeField
          fields={fields}
          readOnly={readOnly}
          locked={mode === 'edit' && !allowPersonCodeEdit}
        />
      </FieldSection>

      {settings.SupportsDifferentDependentAddress && (
        <FieldSection legend="Address">
          <AddressFields
            fields={fields}
            readOnly={readOnly}
            required={dependentAddressRequired(settings)}
          />
        </FieldSection>
      )}

      {settings.supportsClientDefinedData && (
        <ClientDefinedDataField fields={fields} readOnly={readOnly} />
      )}

      {settings.useCOB && (
        <CobSection fields={fields} readOnly={readOnly} isCOBMandatory={isCOBMandatory} />
      )}
    </>
  );
}
