import { Alert, Button, Descriptions, Form, Select, Typography } from 'antd';
import {
  DEPENDENT_MESSAGES,
  FIELD_LABELS,
  formatDate,
  groupSelectable,
  type DependentDetail,
} from '@pillar/domain';
import { DateInput, isoDateRule } from '../../../shared/inputs/date-input.tsx';
import { useConfirmAction } from '../../../shared/page/confirm-action.tsx';
import {
  useAlternateGroupOptions,
  useChangeAlternateGroup,
} from '../../../entities/member/index.ts';

interface GroupChangeValues {
  benefitGroupID?: number;
  changeDate?: string | null;
}

/**
 * Group Assignment (spec 1 §2, §4): the dependent's group (its alternate group, or the member's),
 * or 'You do not have permission to view the current group' when it lies outside the user's
 * groups (spec 1 §8); where the organization supports dependent alternate groups, a change with
 * the current group listed but disabled.
 */
export function DependentGroupPanel({ dependent }: { dependent: DependentDetail }) {
  const supports = dependent.settings.supportsDependentAlternateGroup;
  const canChange = dependent.actions.changeGroup;
  const options = useAlternateGroupOptions(
    dependent.organizationNo,
    dependent.employeeNo,
    dependent.dependentNo,
    supports && canChange,
  );
  const change = useChangeAlternateGroup(
    dependent.organizationNo,
    dependent.employeeNo,
    dependent.dependentNo,
  );
  const [form] = Form.useForm<GroupChangeValues>();
  const chosen = Form.useWatch('benefitGroupID', form);
  const changeDate = Form.useWatch('changeDate', form);
  const [confirm, holder] = useConfirmAction();

  const submit = async () => {
    let values: GroupChangeValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const confirmed = await confirm({
      title: 'Change the Group assignment?',
      content: "This may affect the dependent's coverage.",
      action: 'Change Group',
    });
    if (!confirmed) return;
    change.mutate(
      { benefitGroupID: values.benefitGroupID!, changeDate: values.changeDate! },
      {
        onSuccess: () => form.resetFields(),
        onError: (error) => {
          const params = (error as { params?: Record<string, string> }).params;
          if (params) {
            form.setFields(
              Object.entries(params)
                .filter(([name]) => name === 'benefitGroupID' || name === 'changeDate')
                .map(([name, message]) => ({
                  name: name as keyof GroupChangeValues,
                  errors: [message],
                })),
            );
          }
        },
      },
    );
  };

  return (
    <>
      {holder}
      <Descriptions
        size="small"
        column={1}
        items={[
          {
            key: 'group',
            label: 'Group',
            children: dependent.groupVisible ? (
              `${dependent.groupId ?? ''} - ${dependent.groupName ?? ''}`
            ) : (
              <Typography.Text type="secondary">
                {DEPENDENT_MESSAGES.groupNotVisible}
              </Typography.Text>
            ),
          },
          {
            key: 'assignment',
            label: 'Assignment',
            children:
              dependent.alternateDependentGroup !== null
                ? 'Alternate group of the dependent'
                : dependent.groupVisible
                  ? "Member's group"
                  : '—',
          },
          ...(dependent.alternateDependentGroupDateEff
            ? [
                {
                  key: 'since',
                  label: 'Group Effective Date',
                  children: formatDate(dependent.alternateDependentGroupDateEff),
                },
              ]
            : []),
        ]}
      />
      {supports && canChange && (
        <Form
          form={form}
          name="dependent-group"
          layout="vertical"
          aria-label="Change Group"
          style={{ marginTop: 16 }}
        >
          {options.isError && (
            <Alert type="error" showIcon title="The groups could not be loaded." />
          )}
          <Form.Item
            name="benefitGroupID"
            label={FIELD_LABELS.group}
            rules={[{ required: true, message: 'Group is required' }]}
          >
            <Select
              placeholder="Select a group"
              loading={options.isLoading}
              showSearch={{ optionFilterProp: 'label' }}
              options={(options.data?.data ?? []).map((g) => ({
                value: g.benefitGroupNo,
                label: `${g.benefitGroupId} - ${g.name}${g.current ? ' (current)' : ''}${
                  g.memberGroup ? " (member's group)" : ''
                }`,
                // Spec 1 §4: the current group is disabled as a choice.
                disabled:
                  g.current ||
                  !groupSelectable({
                    processStatus: g.processStatus,
                    expirationDate: g.expirationDate,
                  }),
              }))}
            />
          </Form.Item>
          <Form.Item
            name="changeDate"
            label={FIELD_LABELS.changeDate}
            rules={[
              { required: true, message: 'Change Date is required' },
              isoDateRule(FIELD_LABELS.changeDate),
            ]}
          >
            <DateInput />
          </Form.Item>
          <Button
            type="primary"
            disabled={!chosen || !changeDate}
            loading={change.isPending}
            onClick={() => void submit()}
          >
            Change Group
          </Button>
        </Form>
      )}
    </>
  );
}
