import { Button, Form, Modal, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import {
  FIELD_LABELS,
  MEMBER_RECORD_CONFIRMATIONS,
  groupSelectable,
  lifecycleDateError,
  reinstatementBody,
  terminationBody,
  type EmployeeDetail,
} from '@pillar/domain';
import { zodRule } from '../../../shared/forms/zod-rule.ts';
import { DateInput, isoDateRule } from '../../../shared/inputs/date-input.tsx';
import { useMemberGroupOptions } from '../../../shared/member-record/api/organization-options.ts';
import { useBlurThenChange } from '../../../shared/member-record/use-blur-then-change.ts';
import {
  useChangeEmployeeTermination,
  useRemoveEmployeeTermination,
  useTerminateEmployee,
} from '../api/employee-termination.ts';
import { useReinstateEmployee } from '../api/reinstate-employee.ts';
import { PanelCard } from '../../../shared/page/panel-card.tsx';

type DateKind = 'termination' | 'reinstate';

/** A lifecycle date: required, a real date, not earlier than the member's effective date. */
function dateRules(kind: DateKind, label: string, effectiveDate: string) {
  const schema =
    kind === 'termination'
      ? terminationBody.shape.terminationDate
      : reinstatementBody.shape.reinstateDate;
  return [
    zodRule(schema),
    isoDateRule(label),
    {
      validator: async (_: unknown, value: string | null | undefined) => {
        const error = value && lifecycleDateError(kind, value, effectiveDate);
        if (error) throw new Error(error);
      },
    },
  ];
}

function TerminateForm({ employee }: { employee: EmployeeDetail }) {
  const [form] = Form.useForm<{ terminationDate?: string | null }>();
  const [modal, holder] = Modal.useModal();
  const blur = useBlurThenChange();
  const [dirty, setDirty] = useState(false);
  const terminate = useTerminateEmployee(employee.organizationNo, employee.employeeNo);
  const submit = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const confirmed = await modal.confirm({
      title: 'Terminate this member?',
      content: MEMBER_RECORD_CONFIRMATIONS.terminate,
      okText: 'Terminate',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
    });
    if (!confirmed) return;
    terminate.mutate(form.getFieldValue('terminationDate') as string);
  };
  return (
    <section className="member-action" aria-labelledby="member-terminate-heading">
      {holder}
      <Typography.Title level={3} id="member-terminate-heading">
        Terminate
      </Typography.Title>
      <Form
        form={form}
        layout="vertical"
        name="terminate-member"
        onFieldsChange={blur.onFieldsChange}
        onValuesChange={() => setDirty(true)}
      >
        <Form.Item
          name="terminationDate"
          label={FIELD_LABELS.terminationDate}
          required
          validateTrigger={blur.trigger('terminationDate')}
          rules={dateRules('termination', FIELD_LABELS.terminationDate, employee.effectiveDate)}
        >
          <DateInput />
        </Form.Item>
        <Button
          danger
          block
          disabled={!dirty || terminate.isPending}
          loading={terminate.isPending}
          onClick={() => void submit()}
        >
          Terminate
        </Button>
      </Form>
    </section>
  );
}

function ChangeTerminationForm({ employee }: { employee: EmployeeDetail }) {
  const [form] = Form.useForm<{ terminationDate?: string | null }>();
  const blur = useBlurThenChange();
  const [dirty, setDirty] = useState(false);
  const change = useChangeEmployeeTermination(employee.organizationNo, employee.employeeNo);
  const submit = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    change.mutate(form.getFieldValue('terminationDate') as string);
  };
  return (
    <section className="member-action" aria-labelledby="member-change-termination-heading">
      <Typography.Title level={3} id="member-change-termination-heading">
        Change Termination Date
      </Typography.Title>
      <Form
        form={form}
        layout="vertical"
        name="change-termination"
        initialValues={{ terminationDate: employee.expirationDate }}
        onFieldsChange={blur.onFieldsChange}
        onValuesChange={(_, all: { terminationDate?: string | null }) =>
          setDirty(all.terminationDate !== employee.expirationDate)
        }
      >
        <Form.Item
          name="terminationDate"
          label="New Termination Date"
          required
          validateTrigger={blur.trigger('terminationDate')}
          rules={dateRules('termination', FIELD_LABELS.terminationDate, employee.effectiveDate)}
        >
          <DateInput />
        </Form.Item>
        <Button
          type="primary"
          block
          disabled={!dirty || change.isPending}
          loading={change.isPending}
          onClick={() => void submit()}
        >
          Change Termination Date
        </Button>
      </Form>
    </section>
  );
}

function RemoveTermination({ employee }: { employee: EmployeeDetail }) {
  const [modal, holder] = Modal.useModal();
  const remove = useRemoveEmployeeTermination(employee.organizationNo, employee.employeeNo);
  const submit = async () => {
    const confirmed = await modal.confirm({
      title: 'Remove the termination?',
      content: 'The member becomes active again in the current group.',
      okText: 'Remove Termination',
      cancelText: 'Cancel',
    });
    if (confirmed) remove.mutate();
  };
  return (
    <section className="member-action" aria-labelledby="member-remove-termination-heading">
      {holder}
      <Typography.Title level={3} id="member-remove-termination-heading">
        Remove Termination
      </Typography.Title>
      <Typography.Paragraph className="member-panel__muted">
        Undo the termination: coverage continues in the current group.
      </Typography.Paragraph>
      <Button block loading={remove.isPending} onClick={() => void submit()}>
        Remove Termination
      </Button>
    </section>
  );
}

interface ReinstateValues {
  benefitGroupId?: number;
  reinstateDate?: string | null;
}

function ReinstateForm({ employee }: { employee: EmployeeDetail }) {
  const [form] = Form.useForm<ReinstateValues>();
  const blur = useBlurThenChange();
  const [dirty, setDirty] = useState(false);
  const groups = useMemberGroupOptions(employee.organizationNo, 'all');
  const reinstate = useReinstateEmployee(employee.organizationNo, employee.employeeNo);
  // Spec 1 §4: non-terminated groups only.
  const selectable = (groups.data?.data ?? []).filter((group) => groupSelectable(group));
  const current = selectable.some((g) => g.benefitGroupNo === employee.groupNo)
    ? employee.groupNo
    : undefined;
  // The current group is the first choice once the groups have loaded, if it is still open.
  useEffect(() => {
    if (current !== undefined && form.getFieldValue('benefitGroupId') === undefined) {
      form.setFieldsValue({ benefitGroupId: current });
    }
  }, [current, form]);
  const submit = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const values = form.getFieldsValue(true) as ReinstateValues;
    reinstate.mutate(
      reinstatementBody.parse({
        benefitGroupId: values.benefitGroupId,
        reinstateDate: values.reinstateDate,
      }),
    );
  };
  return (
    <section className="member-action" aria-labelledby="member-reinstate-heading">
      <Typography.Title level={3} id="member-reinstate-heading">
        Reinstate
      </Typography.Title>
      <Form<ReinstateValues>
        form={form}
        layout="vertical"
        name="reinstate-member"
        initialValues={{ benefitGroupId: current, reinstateDate: null }}
        onFieldsChange={blur.onFieldsChange}
        onValuesChange={() => setDirty(true)}
      >
        <Form.Item
          name="benefitGroupId"
          label={FIELD_LABELS.group}
          required
          rules={[zodRule(reinstatementBody.shape.benefitGroupId, { empty: 'undefined' })]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={groups.isLoading}
            placeholder="Select a group"
            options={selectable.map((group) => ({
              value: group.benefitGroupNo,
              label: `${group.name} (${group.benefitGroupId})`,
            }))}
          />
        </Form.Item>
        <Form.Item
          name="reinstateDate"
          label={FIELD_LABELS.reinstateDate}
          required
          validateTrigger={blur.trigger('reinstateDate')}
          rules={dateRules('reinstate', FIELD_LABELS.reinstateDate, employee.effectiveDate)}
        >
          <DateInput />
        </Form.Item>
        <Button
          type="primary"
          block
          disabled={!dirty || reinstate.isPending}
          loading={reinstate.isPending}
          onClick={() => void submit()}
        >
          Reinstate
        </Button>
      </Form>
    </section>
  );
}

/**
 * The side actions of spec 1 §4, by status, as the domain's action table (answered with the
 * member) allows them: Terminate; or Change Termination Date, Remove Termination and Reinstate.
 */
export function MemberActionsPanel({ employee }: { employee: EmployeeDetail }) {
  const { actions } = employee;
  if (
    !actions.terminate &&
    !actions.changeTerminationDate &&
    !actions.removeTermination &&
    !actions.reinstate
  ) {
    return null;
  }
  return (
    <PanelCard block="member-panel" title="Eligibility Actions">
      {actions.terminate && <TerminateForm employee={employee} />}
      {actions.changeTerminationDate && <ChangeTerminationForm employee={employee} />}
      {actions.removeTermination && <RemoveTermination employee={employee} />}
      {actions.reinstate && <ReinstateForm employee={employee} />}
    </PanelCard>
  );
}
