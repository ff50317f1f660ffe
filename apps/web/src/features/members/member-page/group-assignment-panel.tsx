import { Alert, Button, Descriptions, Form, Modal, Radio, Select } from 'antd';
import { useState } from 'react';
import {
  FIELD_LABELS,
  MEMBER_RECORD_CONFIRMATIONS,
  MEMBER_RECORD_MESSAGES,
  addDivisionBody,
  formatDate,
  groupChangeBody,
  type EmployeeDetail,
} from '@pillar/domain';
import { zodRule } from '../../../shared/forms/zod-rule.ts';
import { DateInput, isoDateRule } from '../../../shared/inputs/date-input.tsx';
import {
  GROUP_STATUS_FILTERS,
  groupStatusFilterOf,
  useDivisions,
  useMemberGroupOptions,
  type GroupStatusFilter,
} from '../../../entities/organization/index.ts';
import {
  confirmDiscard,
  isValid,
  useChangeGroupAssignment,
} from '../../../entities/member/index.ts';
import { useBlurThenChange } from '../../../shared/forms/use-blur-then-change.ts';
import { notBeforeEffective } from '../lifecycle-date-rule.ts';
import { PanelCard } from '../../../shared/page/panel-card.tsx';
import { useConfirmAction } from '../../../shared/page/confirm-action.tsx';
import { DivisionFields, NEW_DIVISION } from './division-fields.tsx';

interface GroupValues {
  benefitGroupId?: number;
  divisionNo?: number | null;
  divisionId?: string;
  divisionName?: string;
  changeDate?: string | null;
}

function initialOf(employee: EmployeeDetail): GroupValues {
  return {
    benefitGroupId: employee.groupNo,
    divisionNo: employee.divisionNo,
    divisionId: '',
    divisionName: '',
    changeDate: null,
  };
}

function CurrentAssignment({ employee }: { employee: EmployeeDetail }) {
  const divisions = employee.settings.supportsDivisions;
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2 }}
      className="member-details__facts"
      items={[
        {
          key: 'group',
          label: 'Group',
          children: `${employee.groupName} (${employee.groupId})`,
        },
        {
          key: 'groupEffectiveDate',
          label: 'Group Effective Date',
          children: formatDate(employee.groupEffectiveDate),
        },
        {
          key: 'groupAssignmentDate',
          label: 'Group Assignment Date',
          children: formatDate(employee.groupAssignmentDate) || '—',
        },
        ...(divisions
          ? [
              {
                key: 'division',
                label: 'Division',
                children: employee.divisionId
                  ? `${employee.divisionName ?? ''} (${employee.divisionId})`
                  : '—',
              },
              {
                key: 'divisionEffectiveDate',
                label: 'Division Effective Date',
                children: formatDate(employee.divisionEffectiveDate) || '—',
              },
            ]
          : []),
      ]}
    />
  );
}

/**
 * Group Assignment (spec 1 §4 "Member group change"): the group, filtered Active/Termed/All from
 * the current group's status, with a division (or a new one) where the organization supports
 * divisions, and the change date. Nothing changed warns; a change is confirmed first.
 */
export function GroupAssignmentPanel({ employee }: { employee: EmployeeDetail }) {
  const orgId = employee.organizationNo;
  const supportsDivisions = employee.settings.supportsDivisions;
  const canChange = employee.actions.changeGroup;
  const terminated = !canChange && employee.actions.reinstate;
  const [form] = Form.useForm<GroupValues>();
  const [modal, holder] = Modal.useModal();
  const [confirm, confirmHolder] = useConfirmAction();
  const blur = useBlurThenChange();
  const [filter, setFilter] = useState<GroupStatusFilter>(
    groupStatusFilterOf(employee.groupProcessStatus),
  );
  const [dirty, setDirty] = useState(false);
  const [warning, setWarning] = useState<string | null>(null);
  const groupNo = Form.useWatch('benefitGroupId', form);
  const groups = useMemberGroupOptions(orgId, filter, canChange);
  const divisions = useDivisions(orgId, groupNo, canChange && supportsDivisions);
  const change = useChangeGroupAssignment(orgId, employee.employeeNo);

  const options = (groups.data?.data ?? []).map((group) => ({
    value: group.benefitGroupNo,
    label: `${group.name} (${group.benefitGroupId})${group.processStatus === 9 ? ' - Termed' : ''}`,
  }));
  if (!options.some((o) => o.value === employee.groupNo)) {
    options.unshift({
      value: employee.groupNo,
      label: `${employee.groupName} (${employee.groupId})`,
    });
  }

  const cancel = async () => {
    const confirmed = await confirmDiscard(modal);
    if (!confirmed) return;
    form.resetFields();
    blur.reset();
    setWarning(null);
    setDirty(false);
  };

  const save = async () => {
    setWarning(null);
    if (!(await isValid(form))) return;
    const values = form.getFieldsValue(true) as GroupValues;
    const groupChanged = values.benefitGroupId !== employee.groupNo;
    const isNew = values.divisionNo === NEW_DIVISION;
    const chosenDivision = isNew ? null : (values.divisionNo ?? null);
    const divisionChanged = isNew
      ? values.divisionId?.trim() !== (employee.divisionId ?? '') ||
        values.divisionName?.trim() !== (employee.divisionName ?? '')
      : supportsDivisions && chosenDivision !== employee.divisionNo;
    if (!groupChanged && !divisionChanged) {
      setWarning(
        isNew
          ? MEMBER_RECORD_MESSAGES.groupChangeRequiredNewDivision
          : MEMBER_RECORD_MESSAGES.groupChangeRequired,
      );
      return;
    }
    const changeDate = values.changeDate ?? '';
    const existing = divisions.data?.data.find((d) => d.divisionNo === chosenDivision);
    const group = groupChanged
      ? groupChangeBody.parse({
          benefitGroupId: values.benefitGroupId,
          changeDate,
          divisionNo: supportsDivisions ? chosenDivision : null,
        })
      : undefined;
    const division =
      isNew || (!groupChanged && existing)
        ? addDivisionBody.parse({
            divisionEffectiveDate: changeDate,
            divisionId: isNew ? values.divisionId : existing!.divisionId,
            divisionName: isNew ? values.divisionName : existing!.divisionName,
            isNew,
          })
        : undefined;
    const confirmed = await confirm({
      title: MEMBER_RECORD_CONFIRMATIONS.changeGroup,
      content: MEMBER_RECORD_CONFIRMATIONS.changeGroupNote,
      action: 'Change Group Assignment',
    });
    if (!confirmed) return;
    // A failure leaves Save enabled (spec 1 §4): the mutation is no longer pending.
    change.mutate({ group, division });
  };

  return (
    <PanelCard block="member-panel" title="Group Assignment">
      {holder}
      {confirmHolder}
      <CurrentAssignment employee={employee} />
      {terminated && (
        <Alert
          type="info"
          showIcon
          title={MEMBER_RECORD_MESSAGES.groupChangeTerminated}
          style={{ marginBottom: 16 }}
        />
      )}
      {canChange && (
        <Form<GroupValues>
          form={form}
          name="group-assignment"
          layout="vertical"
          aria-label="Change Group Assignment"
          initialValues={initialOf(employee)}
          onFieldsChange={blur.onFieldsChange}
          onValuesChange={(changed: Partial<GroupValues>) => {
            setDirty(true);
            setWarning(null);
            if ('benefitGroupId' in changed) form.setFieldsValue({ divisionNo: null });
          }}
        >
          <div className="member-form__grid">
            <Form.Item label="Group Status">
              <Radio.Group
                aria-label="Group Status"
                optionType="button"
                value={filter}
                onChange={(event) => setFilter(event.target.value as GroupStatusFilter)}
                options={GROUP_STATUS_FILTERS.map((f) => ({ value: f.value, label: f.label }))}
              />
            </Form.Item>
            <Form.Item
              name="benefitGroupId"
              label={FIELD_LABELS.group}
              required
              rules={[{ required: true, message: `${FIELD_LABELS.group} is required` }]}
            >
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                loading={groups.isFetching}
                options={options}
              />
            </Form.Item>
            {supportsDivisions && (
              <DivisionFields
                divisions={divisions}
                // Decision 0074: a move to another group takes a division with it.
                required={(getFieldValue) => getFieldValue('benefitGroupId') !== employee.groupNo}
                trigger={blur.trigger}
              />
            )}
            <Form.Item
              name="changeDate"
              label={FIELD_LABELS.changeDate}
              required
              validateTrigger={blur.trigger('changeDate')}
              rules={[
                zodRule(groupChangeBody.shape.changeDate),
                isoDateRule(FIELD_LABELS.changeDate),
                notBeforeEffective('change', employee.effectiveDate),
              ]}
            >
              <DateInput />
            </Form.Item>
          </div>
          {warning && (
            <Alert type="warning" showIcon title={warning} style={{ marginBottom: 16 }} />
          )}
          <div className="member-panel__actions">
            <Button disabled={!dirty || change.isPending} onClick={() => void cancel()}>
              Cancel
            </Button>
            <Button
              type="primary"
              disabled={!dirty || change.isPending}
              loading={change.isPending}
              onClick={() => void save()}
            >
              Save
            </Button>
          </div>
        </Form>
      )}
    </PanelCard>
  );
}
