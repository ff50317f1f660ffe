import { Form, Input, Select } from 'antd';
import {
  FIELD_LABELS,
  MEMBER_RECORD_MESSAGES,
  addDivisionBody,
  type ReinstatementBody,
} from '@pillar/domain';
import { zodRule } from '../../../shared/forms/zod-rule.ts';
import { useDivisions } from '../../../entities/organization/index.ts';

/** The division choice that stands for "add a new division" (spec 1 §5). */
const NEW_DIVISION = -1;

export interface ReinstateDivisionValues {
  divisionNo?: number | null;
  divisionId?: string;
  divisionName?: string;
}

/**
 * The division part of the reinstatement body (decision 0074): none into the same group (the
 * current division stays) or where the organization has no divisions; otherwise the chosen
 * division of the new group, or the new one with its ID and name.
 */
export function reinstateDivisionOf(
  values: ReinstateDivisionValues,
  divisionNeeded: boolean,
): Pick<ReinstatementBody, 'divisionNo' | 'newDivision'> {
  if (!divisionNeeded) return {};
  if (values.divisionNo === NEW_DIVISION) {
    return {
      newDivision: { divisionId: values.divisionId ?? '', divisionName: values.divisionName ?? '' },
    };
  }
  return { divisionNo: values.divisionNo ?? null };
}

/**
 * Division, Division ID and Division Name of the Reinstate form: shown when the organization
 * supports divisions and the member goes back into another group, which takes a division of
 * that group with it (an existing one or a new one, decision 0074).
 */
export function ReinstateDivisionFields({
  organizationNo,
  groupNo,
  trigger,
}: {
  organizationNo: number;
  groupNo: number | undefined;
  trigger: (name: string) => string[];
}) {
  const divisions = useDivisions(organizationNo, groupNo);
  const divisionNo = Form.useWatch('divisionNo') as number | null | undefined;
  return (
    <>
      <Form.Item
        name="divisionNo"
        label="Division"
        required
        rules={[
          {
            validator: (_rule, value: number | null | undefined) =>
              value == null
                ? Promise.reject(new Error(MEMBER_RECORD_MESSAGES.divisionRequired))
                : Promise.resolve(),
          },
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
