import { Form, Input, Select } from 'antd';
import {
  FIELD_LABELS,
  MEMBER_RECORD_MESSAGES,
  addDivisionBody,
  type Division,
} from '@pillar/domain';
import { zodRule } from '../../../shared/forms/zod-rule.ts';

/** The division choice that stands for "add a new division" (spec 1 §5). */
export const NEW_DIVISION = -1;

export interface DivisionFieldsProps {
  /** The divisions of the group chosen (useDivisions of entities/organization). */
  divisions: { isFetching: boolean; data?: { data: Division[] } | undefined };
  /**
   * Whether a division must be chosen, from the form's other values (decision 0074: a member
   * moving into another group takes a division of that group with it).
   */
  required: (getFieldValue: (name: string) => unknown) => boolean;
  /** The form's blur-then-change validation trigger (useBlurThenChange). */
  trigger: (name: string) => string[];
}

/**
 * Division, Division ID and Division Name of a member form (Group Assignment, Reinstate): the
 * group's divisions and 'Add new division', which asks for the new division's ID and name.
 * Inside a Form whose fields are divisionNo, divisionId and divisionName.
 */
export function DivisionFields({ divisions, required, trigger }: DivisionFieldsProps) {
  const divisionNo = Form.useWatch('divisionNo') as number | null | undefined;
  return (
    <>
      <Form.Item
        name="divisionNo"
        label="Division"
        required
        rules={[
          ({ getFieldValue }) => ({
            validator: (_rule, value: number | null | undefined) =>
              value == null && required(getFieldValue)
                ? Promise.reject(new Error(MEMBER_RECORD_MESSAGES.divisionRequired))
                : Promise.resolve(),
          }),
        ]}
      >
        <Select
          allowClear
          loading={divisions.isFetching}
          placeholder="Select a division"
          options={[
            ...(divisions.data?.data ?? []).map((d) => ({
              value: d.divisionNo,
              label: `${d.divisionName} (${d.divisionId})`,
            })),
            { value: NEW_DIVISION, label: 'Add new division' },
          ]}
        />
      </Form.Item>
      {divisionNo === NEW_DIVISION && (
        <>
          <Form.Item
            name="divisionId"
            label={FIELD_LABELS.divisionId}
            required
            validateTrigger={trigger('divisionId')}
            rules={[zodRule(addDivisionBody.shape.divisionId)]}
          >
            <Input autoComplete="off" maxLength={20} />
          </Form.Item>
          <Form.Item
            name="divisionName"
            label={FIELD_LABELS.divisionName}
            required
            validateTrigger={trigger('divisionName')}
            rules={[
              { required: true, message: `${FIELD_LABELS.divisionName} is required` },
              zodRule(addDivisionBody.shape.divisionName),
            ]}
          >
            <Input autoComplete="off" maxLength={60} />
          </Form.Item>
        </>
      )}
    </>
  );
}
