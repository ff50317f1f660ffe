import { Button, Form, Space, Typography } from 'antd';
import {
  FIELD_LABELS,
  MEMBER_RECORD_CONFIRMATIONS,
  formatDate,
  type DependentDetail,
} from '@pillar/domain';
import { DateInput, isoDateRule } from '../../../shared/inputs/date-input.tsx';
import { useConfirmAction } from '../../../shared/page/confirm-action.tsx';
import { notBeforeEffective } from '../lifecycle-date-rule.ts';
import { useDependentLifecycle } from '../../../entities/member/index.ts';

/**
 * The dependent's status actions (spec 1 §4): Terminate for an active dependent (with the warning
 * that it cannot be undone); Reinstate and Remove Termination for a terminated one. With the
 * member terminated the page says why nothing is offered.
 */
export function DependentActionsPanel({ dependent }: { dependent: DependentDetail }) {
  const { terminate, removeTermination, reinstate } = useDependentLifecycle(
    dependent.organizationNo,
    dependent.employeeNo,
    dependent.dependentNo,
  );
  const [terminateForm] = Form.useForm<{ terminationDate?: string | null }>();
  const [reinstateForm] = Form.useForm<{ reinstateDate?: string | null }>();
  const terminationDate = Form.useWatch('terminationDate', terminateForm);
  const reinstateDate = Form.useWatch('reinstateDate', reinstateForm);
  const [confirm, holder] = useConfirmAction();
  const actions = dependent.actions;

  if (actions.reinstateBlockedMessage) {
    // The page shows the reason above the form.
    return (
      <Typography.Paragraph type="secondary">
        No status actions while the member is terminated.
      </Typography.Paragraph>
    );
  }
  if (!actions.terminate && !actions.reinstate && !actions.removeTermination) {
    return (
      <Typography.Paragraph type="secondary">
        You do not have permission to change this dependent.
      </Typography.Paragraph>
    );
  }

  const submitTerminate = async () => {
    let values: { terminationDate?: string | null };
    try {
      values = await terminateForm.validateFields();
    } catch {
      return; // the field shows why
    }
    const confirmed = await confirm({
      title: 'Terminate this dependent?',
      content: MEMBER_RECORD_CONFIRMATIONS.terminate,
      action: 'Terminate',
      danger: true,
    });
    if (!confirmed) return;
    terminate.mutate(values.terminationDate!, { onSuccess: () => terminateForm.resetFields() });
  };
  const submitReinstate = async () => {
    let values: { reinstateDate?: string | null };
    try {
      values = await reinstateForm.validateFields();
    } catch {
      return; // the field shows why
    }
    const confirmed = await confirm({
      title: 'Reinstate this dependent?',
      content: `Coverage starts again on ${formatDate(values.reinstateDate ?? null)}.`,
      action: 'Reinstate',
    });
    if (!confirmed) return;
    reinstate.mutate(values.reinstateDate!, { onSuccess: () => reinstateForm.resetFields() });
  };
  const submitRemoveTermination = async () => {
    const confirmed = await confirm({
      title: 'Remove the termination?',
      content: 'The dependent becomes active again from its effective date.',
      action: 'Remove Termination',
    });
    if (confirmed) removeTermination.mutate();
  };

  return (
    <>
      {holder}
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        {actions.terminate && (
          <Form
            form={terminateForm}
            layout="vertical"
            name="terminate-dependent"
            aria-label="Terminate"
          >
            <Form.Item
              name="terminationDate"
              label={FIELD_LABELS.terminationDate}
              validateTrigger={['onBlur', 'onChange']}
              rules={[
                { required: true, message: 'Termination Date is required' },
                isoDateRule(FIELD_LABELS.terminationDate),
                notBeforeEffective('termination', dependent.effectiveDate),
              ]}
            >
              <DateInput />
            </Form.Item>
            <Button
              danger
              disabled={!terminationDate}
              loading={terminate.isPending}
              onClick={() => void submitTerminate()}
            >
              Terminate
            </Button>
          </Form>
        )}
        {actions.reinstate && (
          <Form
            form={reinstateForm}
            layout="vertical"
            name="reinstate-dependent"
            aria-label="Reinstate"
          >
            <Form.Item
              name="reinstateDate"
              label={FIELD_LABELS.reinstateDate}
              validateTrigger={['onBlur', 'onChange']}
              rules={[
                { required: true, message: 'Reinstatement Date is required' },
                isoDateRule(FIELD_LABELS.reinstateDate),
                notBeforeEffective('reinstate', dependent.effectiveDate),
              ]}
            >
              <DateInput />
            </Form.Item>
            <Button
              type="primary"
              disabled={!reinstateDate}
              loading={reinstate.isPending}
              onClick={() => void submitReinstate()}
            >
              Reinstate
            </Button>
          </Form>
        )}
        {actions.removeTermination && (
          <Button
            loading={removeTermination.isPending}
            onClick={() => void submitRemoveTermination()}
          >
            Remove Termination
          </Button>
        )}
      </Space>
    </>
  );
}
