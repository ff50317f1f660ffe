import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import {
  AGENT_SEARCH_EMPTY_MESSAGE,
  AGENT_SEARCH_FIELD_LABELS,
  AGENT_SEARCH_ONE_FIELD_MESSAGE,
  AGENT_SEARCH_ONE_FIELD_TITLE,
  agentSearchCase,
  agentSearchForm,
  agentSearchQueryOf,
  type AgentSearchForm,
} from '@pillar/domain';
import { type AgentSearch } from '../../entities/member/index.ts';
import { AgentOrganizationSelect } from '../../entities/organization/index.ts';
import { zodRule } from '../../shared/forms/zod-rule.ts';
import { DateInput, isoDateRule } from '../../shared/inputs/date-input.tsx';
import { useConfirmAction } from '../../shared/page/confirm-action.tsx';

type Criteria = Omit<AgentSearch, 'limit' | 'offset'>;

const fields = agentSearchForm.shape;

/**
 * Find Member (spec 2 §2 "Agent home", §5 "Member search"): first name, last name, birth date,
 * member ID and organization. The two-field rule is the domain's agentSearchCase, the one the
 * server applies: nothing filled in shows 'Enter more information to search'; one name or the
 * birth date alone asks first, and the search then carries the confirmation.
 */
export function FindMemberForm({ onSearch }: { onSearch: (criteria: Criteria) => void }) {
  const [form] = Form.useForm<AgentSearchForm>();
  const [warning, setWarning] = useState<string>();
  const [confirm, confirmHolder] = useConfirmAction();

  const submit = async (raw: AgentSearchForm) => {
    // A cleared date or select reads as null; the rule and the query take it as not filled in.
    const values = Object.fromEntries(
      Object.entries(raw).filter(([, value]) => value !== null && value !== undefined),
    ) as AgentSearchForm;
    const verdict = agentSearchCase(values);
    if (verdict.case === 'none') {
      setWarning(AGENT_SEARCH_EMPTY_MESSAGE);
      return;
    }
    setWarning(undefined);
    if (verdict.case === 'needsConfirm') {
      const go = await confirm({
        title: AGENT_SEARCH_ONE_FIELD_TITLE,
        content: `${AGENT_SEARCH_FIELD_LABELS[verdict.fields[0]]} only. ${AGENT_SEARCH_ONE_FIELD_MESSAGE}`,
        action: 'Search Anyway',
      });
      if (!go) return;
    }
    onSearch(agentSearchQueryOf(values, verdict.case === 'needsConfirm'));
  };

  return (
    <Form<AgentSearchForm>
      form={form}
      layout="vertical"
      className="agent-find-member"
      aria-label="Find Member"
      onFinish={(values) => void submit(values)}
    >
      {confirmHolder}
      <div className="agent-find-member__fields">
        <Form.Item label="First Name" name="firstName" rules={[zodRule(fields.firstName)]}>
          <Input autoComplete="off" maxLength={29} />
        </Form.Item>
        <Form.Item label="Last Name" name="lastName" rules={[zodRule(fields.lastName)]}>
          <Input autoComplete="off" maxLength={29} />
        </Form.Item>
        <Form.Item label="Birth Date" name="birthDate" rules={[isoDateRule('Birth Date')]}>
          <DateInput placeholder="MM/DD/YYYY" />
        </Form.Item>
        <Form.Item label="Member ID" name="memberId" rules={[zodRule(fields.memberId)]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="Organization" name="organizationNo">
          <AgentOrganizationSelect />
        </Form.Item>
      </div>
      {warning && <Alert type="warning" showIcon title={warning} role="alert" />}
      <div className="agent-find-member__actions">
        <Button type="primary" htmlType="submit">
          Search
        </Button>
        <Button
          onClick={() => {
            form.resetFields();
            setWarning(undefined);
          }}
        >
          Clear
        </Button>
      </div>
    </Form>
  );
}
