import { Form, Input, Radio, Select, Space, type FormRule } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  MEMBER_ID_MAX_LENGTH,
  MEMBER_NAME_SEARCH_MAX_LENGTH,
  MEMBER_SEARCH_FIELD_LABELS,
  MEMBER_SEARCH_RULE_MESSAGE,
  MEMBER_STATUS_FILTERS,
  MEMBER_STATUS_FILTER_LABELS,
  checkMemberSearchFields,
} from '@pillar/domain';
import { DateInput, isoDateRule } from '../../../shared/inputs/date-input.tsx';
import { SsnInput } from '../../../shared/inputs/ssn-input.tsx';
import {
  MEMBER_FILTER_NAMES,
  organizationGroupsQueryOptions,
  type MemberKind,
} from '../api/member-search.ts';
import { refForSsn, ssnOfRef } from '../ssn-refs.ts';
import './member-search.css';

export const MEMBER_KIND_LABELS: Record<MemberKind, string> = {
  employee: 'Employee',
  dependent: 'Dependent',
};

/** Filters a switch between employees and dependents clears (spec 1 §2). */
export const CLEARED_ON_SWITCH = ['groupNo', 'ssn', 'alternateId'] as const;

/**
 * The Employee / Dependent selector. It sits in the search form and hands the form's current
 * values to `onSwitch`, so the page can carry them over to the other table.
 */
export function MemberKindSwitch({
  kind,
  onSwitch,
}: {
  kind: MemberKind;
  onSwitch: (next: MemberKind, values: Record<string, unknown>) => void;
}) {
  const form = Form.useFormInstance();
  return (
    <div className="member-kind-switch">
      <span className="member-kind-switch__label" id="member-kind-label">
        Search for
      </span>
      <Radio.Group
        aria-labelledby="member-kind-label"
        optionType="button"
        buttonStyle="solid"
        value={kind}
        options={(['employee', 'dependent'] as const).map((value) => ({
          value,
          label: MEMBER_KIND_LABELS[value],
        }))}
        onChange={(event) =>
          onSwitch(
            event.target.value as MemberKind,
            form.getFieldsValue(true) as Record<string, unknown>,
          )
        }
      />
    </div>
  );
}

const namePattern = /^[A-Za-z .,'-]*$/;
const idPattern = /^[A-Za-z0-9-]*$/;

export function NameField() {
  return (
    <Form.Item
      label="Name"
      name="name"
      rules={[
        {
          max: MEMBER_NAME_SEARCH_MAX_LENGTH,
          message: `Name must not exceed ${MEMBER_NAME_SEARCH_MAX_LENGTH} characters`,
        },
        {
          pattern: namePattern,
          message:
            'Name may contain only letters, spaces, hyphens, periods, apostrophes and a comma',
        },
      ]}
    >
      <Input allowClear autoComplete="off" placeholder="Last name, first name" />
    </Form.Item>
  );
}

/** The groups of one organization the user may see; disabled until there is one. */
export function GroupField({ organizationNo }: { organizationNo: number | undefined }) {
  const groups = useQuery({
    ...organizationGroupsQueryOptions(organizationNo ?? 0),
    enabled: organizationNo !== undefined,
  });
  return (
    <Form.Item label="Group" name="groupNo">
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        disabled={organizationNo === undefined}
        loading={groups.isFetching}
        placeholder={organizationNo === undefined ? 'Choose an organization first' : 'Any group'}
        options={(groups.data?.data ?? []).map((group) => ({
          value: String(group.benefitGroupNo),
          label: `${group.name} (${group.benefitGroupId})${group.processStatus === 9 ? ' - Termed' : ''}`,
        }))}
      />
    </Form.Item>
  );
}

/** An SSN input whose form value is a reference: the digits stay out of the URL (ssn-refs.ts). */
function SsnRefInput({
  value,
  onChange,
  ...rest
}: {
  value?: string;
  onChange?: (ref: string) => void;
  id?: string;
  disabled?: boolean;
  className?: string;
  'aria-label'?: string;
}) {
  return (
    <SsnInput
      {...rest}
      value={ssnOfRef(value) ?? ''}
      onChange={(typed) => onChange?.(refForSsn(typed))}
      allowClear
    />
  );
}

const ssnRule: FormRule = {
  validator: async (_rule, value: unknown) => {
    if (!value) return;
    const typed = ssnOfRef(typeof value === 'string' ? value : undefined) ?? '';
    if (typed && !/^\d{3}-\d{2}-\d{4}$/.test(typed)) {
      throw new Error('SSN must be 9 digits (999-99-9999)');
    }
  },
};

function idRules(label: string): FormRule[] {
  return [
    {
      max: MEMBER_ID_MAX_LENGTH,
      message: `${label} must not exceed ${MEMBER_ID_MAX_LENGTH} characters`,
    },
    { pattern: idPattern, message: `${label} may contain only letters, digits and hyphens` },
  ];
}

export type IdType = 'memberId' | 'ssn' | 'alternateId';
const ID_FIELDS: readonly IdType[] = ['memberId', 'ssn', 'alternateId'];

/**
 * The ID field: a choice of kind (member ID, SSN, alternate ID) and one input. Only the chosen
 * kind holds a value; choosing another clears the rest. With one kind there is no choice.
 * `ssnDisabled` shows the SSN input but keeps it disabled (dependents without SSN permission).
 */
export function MemberIdField({
  types,
  ssnDisabled = false,
}: {
  types: readonly IdType[];
  ssnDisabled?: boolean;
}) {
  const form = Form.useFormInstance();
  const memberId = Form.useWatch('memberId', form) as string | undefined;
  const ssn = Form.useWatch('ssn', form) as string | undefined;
  const alternateId = Form.useWatch('alternateId', form) as string | undefined;
  const [chosen, setChosen] = useState<IdType>(types[0]!);
  const filled = memberId ? 'memberId' : ssn ? 'ssn' : alternateId ? 'alternateId' : undefined;
  const active: IdType = filled && types.includes(filled) ? filled : chosen;

  const choose = (next: IdType) => {
    setChosen(next);
    form.setFieldsValue(
      Object.fromEntries(ID_FIELDS.filter((f) => f !== next).map((f) => [f, undefined])),
    );
  };

  const input = (type: IdType, ariaLabel?: string) =>
    type === 'ssn' ? (
      <Form.Item name="ssn" rules={[ssnRule]} noStyle={ariaLabel !== undefined}>
        <SsnRefInput
          aria-label={ariaLabel}
          disabled={ssnDisabled}
          className="member-id-field__value"
        />
      </Form.Item>
    ) : (
      <Form.Item
        name={type}
        rules={idRules(MEMBER_SEARCH_FIELD_LABELS[type])}
        noStyle={ariaLabel !== undefined}
      >
        <Input
          allowClear
          autoComplete="off"
          aria-label={ariaLabel}
          className="member-id-field__value"
        />
      </Form.Item>
    );

  if (types.length === 1) {
    const only = types[0]!;
    return (
      <Form.Item
        label={MEMBER_SEARCH_FIELD_LABELS[only]}
        name={only}
        rules={only === 'ssn' ? [ssnRule] : idRules(MEMBER_SEARCH_FIELD_LABELS[only])}
      >
        {only === 'ssn' ? (
          <SsnRefInput disabled={ssnDisabled} />
        ) : (
          <Input allowClear autoComplete="off" />
        )}
      </Form.Item>
    );
  }
  return (
    <Form.Item label="ID" className="member-id-field">
      <Space.Compact block>
        <Select
          aria-label="ID type"
          value={active}
          onChange={choose}
          popupMatchSelectWidth={false}
          className="member-id-field__type"
          options={types.map((type) => ({ value: type, label: MEMBER_SEARCH_FIELD_LABELS[type] }))}
        />
        {input(active, MEMBER_SEARCH_FIELD_LABELS[active])}
      </Space.Compact>
      {/* The kinds not chosen stay registered, empty, so a restored search can fill them. */}
      {ID_FIELDS.filter((type) => type !== active).map((type) => (
        <Form.Item key={type} name={type} hidden noStyle>
          <input type="hidden" />
        </Form.Item>
      ))}
    </Form.Item>
  );
}

export function StatusField() {
  return (
    <Form.Item label="Status" name="processStatus">
      <Select
        allowClear
        placeholder="Any status"
        options={MEMBER_STATUS_FILTERS.map((value) => ({
          value,
          label: MEMBER_STATUS_FILTER_LABELS[value],
        }))}
      />
    </Form.Item>
  );
}

export function DateFields({ birthDate = true }: { birthDate?: boolean }) {
  return (
    <>
      {birthDate && (
        <Form.Item label="Birth Date" name="birthDate" rules={[isoDateRule('Birth Date')]}>
          <DateInput />
        </Form.Item>
      )}
      <Form.Item
        label="Effective Date"
        name="effectiveDate"
        rules={[isoDateRule('Effective Date')]}
      >
        <DateInput />
      </Form.Item>
      <Form.Item
        label="Termination Date"
        name="expirationDate"
        rules={[isoDateRule('Termination Date')]}
      >
        <DateInput />
      </Form.Item>
    </>
  );
}

/** The filters a form or the URL holds, as the two-field rule counts them. */
export function searchFieldsOf(values: Record<string, unknown>) {
  return Object.fromEntries(MEMBER_FILTER_NAMES.map((name) => [name, values[name]]));
}

/** Renders nothing: the Form.Item around it shows the rule's message, once, under the fields. */
function RuleAnchor() {
  return null;
}

/**
 * The Members page's two-field rule (spec 1 §5): a search needs two fields unless a member ID
 * or an organization (or SSN, alternate ID, group) is given, and one field alone is refused
 * inline, as the server refuses it. The agent desktop's "Search Anyway" (spec 2 §5) is not this
 * page's. No field at all leaves the table's own prompt.
 */
export function TwoFieldRule() {
  const rule: FormRule = ({ getFieldsValue }) => ({
    validator: async () => {
      const values = getFieldsValue(true) as Record<string, unknown>;
      if (checkMemberSearchFields(searchFieldsOf(values)).verdict === 'oneField') {
        throw new Error(MEMBER_SEARCH_RULE_MESSAGE);
      }
    },
  });
  return (
    <Form.Item name="__twoFieldRule" rules={[rule]} className="member-search-rule">
      <RuleAnchor />
    </Form.Item>
  );
}
