import { Button, Form, Popconfirm, Space, Typography } from 'antd';
import { FIELD_LABELS, MEMBER_RECORD_CONFIRMATIONS, type DependentDetail } from '@pillar/domain';
import { DateInput, isoDateRule } from '../../../shared/inputs/date-input.tsx';
import { notBeforeEffective } from '../lifecycle-date-rule.ts';
import { useDependentLifecycle } from './api/dependent-lifecycle.ts';

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
    try {
      const values = await terminateForm.validateFields();
      terminate.mutate(values.terminationDate!, { onSuccess: () => terminateForm.resetFields() });
    } catch {
      /* the field shows why */
    }
  };
  const submitReinstate = async () => {
    try {
      const values = await reinstateForm.validateFields();
      reinstate.mutate(values.reinstateDate!, { onSuccess: () => reinstateForm.resetFields() });
    } catch {
      /* the field shows why */
    }
  };

  return (
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
          <Popconfirm
            title="Terminate this dependent?"
            description={MEMBER_RECORD_CONFIRMATIONS.terminate}
            okText="Terminate"
            okButtonProps={{ danger: true }}
            onConfirm={() => void submitTerminate()}
            disabled={!terminationDate}
          >
            <Button danger disabled={!terminationDate} loading={terminate.isPending}>
              Terminate
            </Button>
          </Popconfirm>
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
        <Popconfirm
          title="Remove the termination?"
          description="The dependent becomes active again from its effective date."
          okText="Remove Termination"
          onConfirm={() => removeTermination.mutate()}
        >
          <Button loading={removeTermination.isPending}>Remove Termination</Button>
        </Popconfirm>
      )}
    </Space>
  );
}
