import { HistoryOutlined } from '@ant-design/icons';
import { Alert, Button, Form, InputNumber, Select, Skeleton, Space } from 'antd';
import { useEffect, useState } from 'react';
import {
  CONTRACT_TERMS,
  CONTRACT_TERM_MAX,
  CONTRACT_TERM_MIN,
  contractInput,
  moneyValue,
  percentValue,
  type ContractTerm,
  type SsgOrDsg,
} from '@pillar/domain';
import { isApiError } from '../../../shared/api/api-error.ts';
import { zodRule } from '../../../shared/forms/zod-rule.ts';
import { DateInput, isoDateRule } from '../../../shared/inputs/date-input.tsx';
import { describeError, notifyError, notifySuccess } from '../../../shared/notifications/notify.ts';
import { PanelCard } from '../../../shared/page/panel-card.tsx';
import { useContract, useSaveContract } from '../../../entities/opportunity/index.ts';
import { ContractHistoryDrawer } from '../contract-history-drawer.tsx';
import { formatInstant } from '../time-since.ts';
import {
  contractInputOf,
  fieldOfParam,
  formValuesOf,
  type ContractFormValues,
} from './contract-form-values.ts';

const TERM_OPTIONS = Array.from(
  { length: CONTRACT_TERM_MAX - CONTRACT_TERM_MIN + 1 },
  (_, index) => {
    const years = CONTRACT_TERM_MIN + index;
    return { value: years, label: `${years} Year${years === 1 ? '' : 's'}` };
  },
);

/** Spec 3 §3 "ssgOrDsg (no, SSG, DSG)", worded as the renewal entry's source question. */
export const SSG_OR_DSG_OPTIONS: { value: SsgOrDsg; label: string }[] = [
  { value: 'no', label: 'No' },
  { value: 'SSG', label: 'Yes - SSG' },
  { value: 'DSG', label: 'Yes - DSG' },
];

const GROUPS: { key: ContractTerm['group']; title: string }[] = [
  { key: 'retail', title: 'Retail' },
  { key: 'retail90', title: 'Retail 90' },
  { key: 'mail', title: 'Mail' },
  { key: 'specialty', title: 'Specialty' },
  { key: 'rebate', title: 'Rebate Guarantees (per claim)' },
];

// One rule per field, from the domain's one schema (the server checks the same).
const RULES = {
  contractTermLength: zodRule(contractInput.shape.contractTermLength, { empty: 'undefined' }),
  contractEffDate: zodRule(contractInput.shape.contractEffDate, { empty: 'undefined' }),
  ssgOrDsg: zodRule(contractInput.shape.ssgOrDsg, { empty: 'undefined' }),
  percent: zodRule(percentValue().nullable(), { empty: 'null' }),
  money: zodRule(moneyValue().nullable(), { empty: 'null' }),
};

function TermInput({ term }: { term: ContractTerm }) {
  const percent = term.kind === 'percent';
  return (
    <Form.Item
      label={term.label}
      name={['terms', term.code]}
      rules={[percent ? RULES.percent : RULES.money]}
      className="contract-term"
    >
      <InputNumber
        step={0.01}
        min={0}
        className="contract-term__input"
        prefix={percent ? undefined : '$'}
        suffix={percent ? '%' : undefined}
      />
    </Form.Item>
  );
}

/**
 * Contract Information (spec 3 §3 "Incumbent contract", §5 "Incumbent data"): the incumbent PBM's
 * terms. Term length, effective date and the SSG/DSG question are required; every rate is
 * optional, not negative, with at most two decimals. Each save is a version in the History.
 */
export function ContractInformation({ opportunityId }: { opportunityId: number }) {
  const contract = useContract(opportunityId);
  const save = useSaveContract(opportunityId);
  const [form] = Form.useForm<ContractFormValues>();
  const [historyOpen, setHistoryOpen] = useState(false);
  const saved = contract.data?.contract ?? null;

  // The form shows what is saved, again after each save (the server's rounding included).
  useEffect(() => {
    if (contract.data) form.setFieldsValue(formValuesOf(contract.data.contract));
  }, [contract.data, form]);

  const onFinish = (values: ContractFormValues) => {
    save.mutate(contractInputOf(values), {
      onSuccess: () => notifySuccess('Contract Information Saved'),
      onError: (error) => {
        notifyError(error, 'Contract Information not saved');
        if (isApiError(error) && error.params) {
          form.setFields(
            Object.entries(error.params).flatMap(([param, message]) => {
              const name = fieldOfParam(param);
              return name ? [{ name: name as never, errors: [message] }] : [];
            }),
          );
        }
      },
    });
  };

  return (
    <PanelCard
      title="Contract Information"
      block="incumbent-panel"
      extra={
        <Button icon={<HistoryOutlined />} onClick={() => setHistoryOpen(true)}>
          History
        </Button>
      }
    >
      {contract.isError ? (
        <Alert
          type="error"
          showIcon
          title="The contract information could not be loaded."
          description={describeError(contract.error).description}
          action={<Button onClick={() => void contract.refetch()}>Try Again</Button>}
        />
      ) : !contract.data ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : (
        <Form<ContractFormValues>
          form={form}
          name="contract"
          layout="vertical"
          aria-label="Contract Information"
          initialValues={formValuesOf(saved)}
          onFinish={onFinish}
          validateTrigger={['onBlur', 'onChange']}
        >
          <div className="contract-grid contract-grid--head">
            <Form.Item
              label="Contract Term Length"
              name="contractTermLength"
              rules={[RULES.contractTermLength]}
            >
              <Select options={TERM_OPTIONS} placeholder="Select a term" />
            </Form.Item>
            <Form.Item
              label="Contract Effective Date"
              name="contractEffDate"
              rules={[RULES.contractEffDate, isoDateRule('Contract Effective Date')]}
            >
              <DateInput placeholder="MM/DD/YYYY" />
            </Form.Item>
            <Form.Item label="SSG/DSG" name="ssgOrDsg" rules={[RULES.ssgOrDsg]}>
              <Select options={SSG_OR_DSG_OPTIONS} placeholder="Select one" />
            </Form.Item>
          </div>
          {GROUPS.map((group) => (
            <fieldset key={group.key} className="contract-group">
              <legend>{group.title}</legend>
              <div className="contract-grid">
                {CONTRACT_TERMS.filter((term) => term.group === group.key).map((term) => (
                  <TermInput key={term.code} term={term} />
                ))}
              </div>
            </fieldset>
          ))}
          <Space className="contract-actions" wrap>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              Save Contract Information
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                form.setFieldsValue(formValuesOf(saved));
              }}
            >
              Discard Changes
            </Button>
            {saved && (
              <span className="contract-actions__saved">
                Last saved {formatInstant(saved.updatedAt)}
                {saved.updatedBy ? ` by ${saved.updatedBy}` : ''}
              </span>
            )}
          </Space>
        </Form>
      )}
      <ContractHistoryDrawer
        opportunityId={opportunityId}
        open={historyOpen}
        onClose={() => setHistoryOpen(false)}
      />
    </PanelCard>
  );
}
