import { Button, Form, Select, Typography, type ButtonProps } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import {
  FIELD_LABELS,
  MEMBER_RECORD_CONFIRMATIONS,
  groupSelectable,
  formatDate,
  reinstatementBody,
  terminationBody,
  type EmployeeDetail,
} from '@pillar/domain';
import { zodRule } from '../../../shared/forms/zod-rule.ts';
import { DateInput, isoDateRule } from '../../../shared/inputs/date-input.tsx';
import { useMemberGroupOptions } from '../../../entities/organization/index.ts';
import {
  isValid,
  useChangeEmployeeTermination,
  useRemoveEmployeeTermination,
  useTerminateEmployee,
  useReinstateEmployee,
} from '../../../entities/member/index.ts';
import { useBlurThenChange } from '../../../shared/forms/use-blur-then-change.ts';
import { notBeforeEffective } from '../lifecycle-date-rule.ts';
import { PanelCard } from '../../../shared/page/panel-card.tsx';
import {
  ReinstateDivisionFields,
  reinstateDivisionOf,
  type ReinstateDivisionValues,
} from './reinstate-division-fields.tsx';
import { useConfirmAction } from '../../../shared/page/confirm-action.tsx';

type DateKind = 'termination' | 'reinstate';

/** A lifecycle date: required, a real date, not earlier than the member's effective date. */
function dateRules(kind: DateKind, label: string, effectiveDate: string) {
  const schema =
    kind === 'termination'
      ? terminationBody.shape.terminationDate
      : reinstatementBody.shape.reinstateDate;
  return [zodRule(schema), isoDateRule(label), notBeforeEffective(kind, effectiveDate)];
}

/** A lifecycle date field: Termination Date or Reinstatement Date, checked by `dateRules`. */
function LifecycleDateItem({
  kind,
  label,
  effectiveDate,
  trigger,
}: {
  kind: DateKind;
  label?: string;
  effectiveDate: string;
  trigger: (name: string) => string[];
}) {
  const name = kind === 'termination' ? 'terminationDate' : 'reinstateDate';
  return (
    <Form.Item
      name={name}
      label={label ?? FIELD_LABELS[name]}
      required
      validateTrigger={trigger(name)}
      rules={dateRules(kind, FIELD_LABELS[name], effectiveDate)}
    >
      <DateInput />
    </Form.Item>
  );
}

/** One action of the panel: a section named by its level-3 heading. */
function ActionSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  const headingId = `member-${id}-heading`;
  return (
    <section className="member-action" aria-labelledby={headingId}>
      <Typography.Title level={3} id={headingId}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

/** An action's button: enabled once the form has changed, spinning while the call runs. */
function ActionButton({
  dirty = true,
  pending,
  onClick,
  ...props
}: Omit<ButtonProps, 'block' | 'disabled' | 'loading'> & { dirty?: boolean; pending: boolean }) {
  return (
    <Button {...props} block disabled={!dirty || pending} loading={pending} onClick={onClick} />
  );
}

function TerminateForm({ employee }: { employee: EmployeeDetail }) {
  const [form] = Form.useForm<{ terminationDate?: string | null }>();
  const [confirm, holder] = useConfirmAction();
  const blur = useBlurThenChange();
  const [dirty, setDirty] = useState(false);
  const terminate = useTerminateEmployee(employee.organizationNo, employee.employeeNo);
  const submit = async () => {
    if (!(await isValid(form))) return;
    const confirmed = await confirm({
      title: 'Terminate this member?',
      content: MEMBER_RECORD_CONFIRMATIONS.terminate,
      action: 'Terminate',
      danger: true,
    });
    if (!confirmed) return;
    terminate.mutate(form.getFieldValue('terminationDate') as string);
  };
  return (
    <ActionSection id="terminate" title="Terminate">
      {holder}
      <Form
        form={form}
        layout="vertical"
        name="terminate-member"
        onFieldsChange={blur.onFieldsChange}
        onValuesChange={() => setDirty(true)}
      >
        <LifecycleDateItem
          kind="termination"
          effectiveDate={employee.effectiveDate}
          trigger={blur.trigger}
        />
        <ActionButton
          danger
          dirty={dirty}
          pending={terminate.isPending}
          onClick={() => void submit()}
        >
          Terminate
        </ActionButton>
      </Form>
    </ActionSection>
  );
}

function ChangeTerminationForm({ employee }: { employee: EmployeeDetail }) {
  const [form] = Form.useForm<{ terminationDate?: string | null }>();
  const [confirm, holder] = useConfirmAction();
  const blur = useBlurThenChange();
  const [dirty, setDirty] = useState(false);
  const change = useChangeEmployeeTermination(employee.organizationNo, employee.employeeNo);
  const submit = async () => {
    if (!(await isValid(form))) return;
    const date = form.getFieldValue('terminationDate') as string;
    const confirmed = await confirm({
      title: 'Change the termination date?',
      content: `Coverage ends on ${formatDate(date)} instead.`,
      action: 'Change Termination Date',
    });
    if (confirmed) change.mutate(date);
  };
  return (
    <ActionSection id="change-termination" title="Change Termination Date">
      {holder}
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
        <LifecycleDateItem
          kind="termination"
          label="New Termination Date"
          effectiveDate={employee.effectiveDate}
          trigger={blur.trigger}
        />
        <ActionButton
          type="primary"
          dirty={dirty}
          pending={change.isPending}
          onClick={() => void submit()}
        >
          Change Termination Date
        </ActionButton>
      </Form>
    </ActionSection>
  );
}

function RemoveTermination({ employee }: { employee: EmployeeDetail }) {
  const [confirm, holder] = useConfirmAction();
  const remove = useRemoveEmployeeTermination(employee.organizationNo, employee.employeeNo);
  const submit = async () => {
    const confirmed = await confirm({
      title: 'Remove the termination?',
      content: 'The member becomes active again in the current group.',
      action: 'Remove Termination',
    });
    if (confirmed) remove.mutate();
  };
  return (
    <ActionSection id="remove-termination" title="Remove Termination">
      {holder}
      <Typography.Paragraph className="member-panel__muted">
        Undo the termination: coverage continues in the current group.
      </Typography.Paragraph>
      <Button block loading={remove.isPending} onClick={() => void submit()}>
        Remove Termination
      </Button>
    </ActionSection>
  );
}

interface ReinstateValues extends ReinstateDivisionValues {
  benefitGroupId?: number;
  reinstateDate?: string | null;
}

function ReinstateForm({ employee }: { employee: EmployeeDetail }) {
  const [form] = Form.useForm<ReinstateValues>();
  const [confirm, holder] = useConfirmAction();
  const blur = useBlurThenChange();
  const [dirty, setDirty] = useState(false);
  const groups = useMemberGroupOptions(employee.organizationNo, 'all');
  const reinstate = useReinstateEmployee(employee.organizationNo, employee.employeeNo);
  // Spec 1 §4: non-terminated groups only.
  const selectable = (groups.data?.data ?? []).filter((group) => groupSelectable(group));
  const current = selectable.some((g) => g.benefitGroupNo === employee.groupNo)
    ? employee.groupNo
    : undefined;
  const groupNo = Form.useWatch('benefitGroupId', form);
  // Decision 0074: back into another group, the member takes a division of that group.
  const divisionNeeded =
    employee.settings.supportsDivisions && groupNo !== undefined && groupNo !== employee.groupNo;
  // The current group is the first choice once the groups have loaded, if it is still open.
  useEffect(() => {
    if (current !== undefined && form.getFieldValue('benefitGroupId') === undefined) {
      form.setFieldsValue({ benefitGroupId: current });
    }
  }, [current, form]);
  const submit = async () => {
    if (!(await isValid(form))) return;
    const values = form.getFieldsValue(true) as ReinstateValues;
    const confirmed = await confirm({
      title: 'Reinstate this member?',
      content: `Coverage starts again on ${formatDate(values.reinstateDate ?? null)}.`,
      action: 'Reinstate',
    });
    if (!confirmed) return;
    reinstate.mutate(
      reinstatementBody.parse({
        benefitGroupId: values.benefitGroupId,
        reinstateDate: values.reinstateDate,
        ...reinstateDivisionOf(values, divisionNeeded),
      }),
    );
  };
  return (
    <ActionSection id="reinstate" title="Reinstate">
      {holder}
      <Form<ReinstateValues>
        form={form}
        layout="vertical"
        name="reinstate-member"
        initialValues={{ benefitGroupId: current, reinstateDate: null }}
        onFieldsChange={blur.onFieldsChange}
        onValuesChange={(changed: Partial<ReinstateValues>) => {
          setDirty(true);
          // A division belongs to its group: another group starts the choice again.
          if ('benefitGroupId' in changed) form.setFieldsValue({ divisionNo: null });
        }}
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
        {divisionNeeded && (
          <ReinstateDivisionFields
            organizationNo={employee.organizationNo}
            groupNo={groupNo}
            trigger={blur.trigger}
          />
        )}
        <LifecycleDateItem
          kind="reinstate"
          effectiveDate={employee.effectiveDate}
          trigger={blur.trigger}
        />
        <ActionButton
          type="primary"
          dirty={dirty}
          pending={reinstate.isPending}
          onClick={() => void submit()}
        >
          Reinstate
        </ActionButton>
      </Form>
    </ActionSection>
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
