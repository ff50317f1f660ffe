import { Alert, Col, Form, Input, InputNumber, Modal, Radio, Row, Select, Typography } from 'antd';
import {
  DISCOUNT_CHANNELS,
  INCUMBENT_NAME_MAX_LENGTH,
  PRESET_CREDIT_NAMES,
  PRESET_FEE_NAMES,
  REBATE_CHANNELS,
  REBATE_CHANNEL_LABELS,
  REBATE_TIERS,
  RENEWAL_SOURCES,
  RENEWAL_TERM_LENGTHS,
  rebateTotals,
  renewalEntryHeaderError,
  renewalEntryInput,
  termLengthLabel,
  type RenewalEntryInput,
} from '@pillar/domain';
import { useState } from 'react';
import { DateInput } from '../../../shared/inputs/date-input.tsx';
import { FeeCreditTable } from './fee-credit-table.tsx';
import { type FeeRowValue } from './fee-rows.ts';
import { setIn } from './renewals.ts';

/** One empty list, so a table's rows are not reset by a new [] on each render. */
const NO_ROWS: FeeRowValue[] = [];

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

const CHANNEL_LABELS: Record<(typeof DISCOUNT_CHANNELS)[number], string> = {
  retail: 'Retail',
  retail90: 'Retail 90',
  mail: 'Mail',
};

export interface RenewalModalProps {
  /** The entry being edited; null when closed. */
  entry: RenewalEntryInput | null;
  isNew: boolean;
  saving: boolean;
  onOk: (entry: RenewalEntryInput) => void;
  onCancel: (entry: RenewalEntryInput) => void;
}

type Path = readonly (string | number)[];

/**
 * The incumbent renewal / competitor entry modal (spec 3 §3, §4 "Other", §5): the contract terms
 * (name, term 1-5 years, effective date, SSG/DSG source), AWP discounts and dispensing fees by
 * channel, the rebate guarantees with their tier and, per channel, guarantee × (claim count −
 * exclusions) = the channel's total, summed to the overall total as the user types (the domain's
 * rebateTotals, which the server also applies), and the entry's admin fees and credits. OK
 * checks the name ('Missing Name') and the contract fields ('Missing Field In Contract
 * Information') first, then the domain schema.
 */
export function RenewalModal({ entry, isNew, saving, onOk, onCancel }: RenewalModalProps) {
  const [draft, setDraft] = useState<RenewalEntryInput | null>(entry);
  const [error, setError] = useState<string | null>(null);

  if (!draft) return null;
  const set = (path: Path, value: unknown) => {
    setDraft((current) => (current ? setIn(current, path, value) : current));
    setError(null);
  };
  const totals = rebateTotals(draft.rebateGuarantees);

  function ok() {
    if (!draft) return;
    const header = renewalEntryHeaderError(draft);
    if (header) return setError(header);
    const parsed = renewalEntryInput.safeParse(draft);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return setError(`${issue?.path.join(' ') ?? ''}: ${issue?.message ?? 'Invalid value'}`);
    }
    onOk(draft);
  }

  const percentInput = (path: Path, label: string, value: number | null | undefined) => (
    <InputNumber<number>
      aria-label={label}
      value={value ?? null}
      min={0}
      max={100}
      step={0.01}
      precision={2}
      suffix="%"
      style={{ width: '100%' }}
      onChange={(v) => set(path, v)}
    />
  );
  const moneyInput = (path: Path, label: string, value: number | null | undefined) => (
    <InputNumber<number>
      aria-label={label}
      value={value ?? null}
      min={0}
      step={0.01}
      precision={2}
      prefix="$"
      style={{ width: '100%' }}
      onChange={(v) => set(path, v)}
    />
  );
  const countInput = (path: Path, label: string, value: number | null | undefined) => (
    <InputNumber<number>
      aria-label={label}
      value={value ?? null}
      min={0}
      step={1}
      precision={0}
      style={{ width: '100%' }}
      onChange={(v) => set(path, v)}
    />
  );

  return (
    <Modal
      open
      width={1000}
      title={isNew ? 'New Renewal or Competitor Entry' : `Edit ${draft.name}`}
      okText="OK"
      onOk={ok}
      okButtonProps={{ loading: saving }}
      onCancel={() => onCancel(draft)}
      className="renewal-modal"
    >
      {error && (
        <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 12 }} />
      )}
      <Form layout="vertical" component="div">
        <Typography.Title level={3}>Contract Information</Typography.Title>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label="Name" required htmlFor="renewal-name">
              <Input
                id="renewal-name"
                value={draft.name}
                maxLength={INCUMBENT_NAME_MAX_LENGTH}
                onChange={(e) => set(['name'], e.target.value)}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label="Term Length" required htmlFor="renewal-term">
              <Select
                id="renewal-term"
                value={draft.termLength}
                options={RENEWAL_TERM_LENGTHS.map((y) => ({ value: y, label: termLengthLabel(y) }))}
                onChange={(v: number) => set(['termLength'], v)}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label="Effective Date" required htmlFor="renewal-effective">
              <DateInput
                id="renewal-effective"
                value={draft.effectiveDate}
                onChange={(v) => set(['effectiveDate'], v ?? '')}
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label="SSG or DSG" required>
          <Radio.Group
            aria-label="SSG or DSG"
            value={draft.source}
            options={RENEWAL_SOURCES.map((s) => ({ value: s, label: s }))}
            onChange={(e) => set(['source'], e.target.value)}
          />
        </Form.Item>

        <Typography.Title level={3}>Discounts and Dispensing Fees</Typography.Title>
        <table className="renewal-grid">
          <thead>
            <tr>
              <th scope="col">Channel</th>
              <th scope="col">Brand AWP discount</th>
              <th scope="col">Generic AWP discount</th>
              <th scope="col">Single-source generic AWP discount</th>
              <th scope="col">Brand dispensing fee</th>
              <th scope="col">Generic dispensing fee</th>
            </tr>
          </thead>
          <tbody>
            {DISCOUNT_CHANNELS.map((channel) => {
              const d = draft.discounts[channel];
              const f = draft.dispensingFees[channel];
              const name = CHANNEL_LABELS[channel];
              return (
                <tr key={channel}>
                  <th scope="row">{name}</th>
                  <td>
                    {percentInput(
                      ['discounts', channel, 'brandAWP'],
                      `${name} brand AWP discount`,
                      d.brandAWP,
                    )}
                  </td>
                  <td>
                    {percentInput(
                      ['discounts', channel, 'genericAWP'],
                      `${name} generic AWP discount`,
                      d.genericAWP,
                    )}
                  </td>
                  <td>
                    {percentInput(
                      ['discounts', channel, 'singleSourceGenericAWP'],
                      `${name} single-source generic AWP discount`,
                      d.singleSourceGenericAWP,
                    )}
                  </td>
                  <td>
                    {moneyInput(
                      ['dispensingFees', channel, 'brandAWP'],
                      `${name} brand dispensing fee`,
                      f.brandAWP,
                    )}
                  </td>
                  <td>
                    {moneyInput(
                      ['dispensingFees', channel, 'genericAWP'],
                      `${name} generic dispensing fee`,
                      f.genericAWP,
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <Row gutter={16} style={{ marginTop: 12 }}>
          <Col xs={24} md={8}>
            <Form.Item label="Specialty AWP discount" htmlFor="renewal-specialty-awp">
              {percentInput(
                ['discounts', 'specialtyAWP'],
                'Specialty AWP discount',
                draft.discounts.specialtyAWP,
              )}
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item label="Specialty mail dispensing fee">
              {moneyInput(
                ['dispensingFees', 'specialtyMailAWP'],
                'Specialty mail dispensing fee',
                draft.dispensingFees.specialtyMailAWP,
              )}
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item label="Specialty retail dispensing fee">
              {moneyInput(
                ['dispensingFees', 'specialtyRetailAWP'],
                'Specialty retail dispensing fee',
                draft.dispensingFees.specialtyRetailAWP,
              )}
            </Form.Item>
          </Col>
        </Row>

        <Typography.Title level={3}>Rebate Guarantees</Typography.Title>
        <Form.Item label="Rebate Tier">
          <Radio.Group
            aria-label="Rebate Tier"
            value={draft.rebateGuarantees.rebateTier ?? '2TIER'}
            options={REBATE_TIERS.map((t) => ({ value: t, label: t }))}
            onChange={(e) => set(['rebateGuarantees', 'rebateTier'], e.target.value)}
          />
        </Form.Item>
        <table className="renewal-grid">
          <thead>
            <tr>
              <th scope="col">Channel</th>
              <th scope="col">Guarantee</th>
              <th scope="col">Claim Count</th>
              <th scope="col">Exclusions</th>
              <th scope="col">Total Rebate</th>
            </tr>
          </thead>
          <tbody>
            {REBATE_CHANNELS.map((channel) => {
              const row = draft.rebateGuarantees[channel];
              const name = REBATE_CHANNEL_LABELS[channel];
              return (
                <tr key={channel}>
                  <th scope="row">{name}</th>
                  <td>
                    {moneyInput(
                      ['rebateGuarantees', channel, 'guarantee'],
                      `${name} guarantee`,
                      row.guarantee,
                    )}
                  </td>
                  <td>
                    {countInput(
                      ['rebateGuarantees', channel, 'claimCount'],
                      `${name} claim count`,
                      row.claimCount,
                    )}
                  </td>
                  <td>
                    {countInput(
                      ['rebateGuarantees', channel, 'exclusions'],
                      `${name} exclusions`,
                      row.exclusions,
                    )}
                  </td>
                  <td className="renewal-total" data-testid={`rebate-total-${channel}`}>
                    {money.format(totals.channels[channel])}
                  </td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={4}>
                Total Rebate
              </th>
              <td className="renewal-total" data-testid="rebate-total" aria-live="polite">
                <strong>{money.format(totals.totalRebate)}</strong>
              </td>
            </tr>
          </tfoot>
        </table>

        <Typography.Title level={3}>Admin Fees</Typography.Title>
        <FeeCreditTable<FeeRowValue>
          noun="Fee"
          items={draft.adminFees ?? NO_ROWS}
          presets={PRESET_FEE_NAMES}
          blank={{ name: '', type: null, amount: null }}
          saving={false}
          onSave={async (items) => set(['adminFees'], items)}
        />
        <Typography.Title level={3}>Admin Credits</Typography.Title>
        <FeeCreditTable<FeeRowValue>
          noun="Credit"
          items={draft.adminCredits ?? NO_ROWS}
          presets={PRESET_CREDIT_NAMES}
          blank={{ name: '', type: null, amount: null }}
          saving={false}
          onSave={async (items) => set(['adminCredits'], items)}
        />
      </Form>
    </Modal>
  );
}
