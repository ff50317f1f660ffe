import { Button, Checkbox, Flex, Form, InputNumber } from 'antd';
import { useState } from 'react';
import { PanelCard } from '../../../shared/page/panel-card.tsx';
import { notifyErrorMessage, notifySuccess } from '../../../shared/notifications/notify.ts';
import { INCUMBENT_MESSAGES, type IncumbentAggregates } from '@pillar/domain';

/** The three amounts and their flags, labelled as the panel shows them. */
const AGGREGATE_FIELDS = [
  { amount: 'rebate', used: 'isRebateUsed', label: 'Rebate' },
  { amount: 'totalMember', used: 'isTotalMemberUsed', label: 'Total Member' },
  { amount: 'gross', used: 'isGrossUsed', label: 'Gross' },
] as const;

export interface AggregateDataPanelProps {
  aggregates: IncumbentAggregates;
  onSave: (aggregates: IncumbentAggregates) => Promise<unknown>;
  saving: boolean;
}

function same(a: IncumbentAggregates, b: IncumbentAggregates): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Aggregate Data (spec 3 §3 "Incumbent aggregates", §4 "Other", §8): rebate, total member and
 * gross amounts, two decimals in steps of .01, each with its "use for analysis" flag. The panel
 * is dirty once edited and only then shows Save and Undo; a failed save says 'Unable to update
 * value' in a notice titled Error, and the typed values stay for another try.
 */
export function AggregateDataPanel({ aggregates, onSave, saving }: AggregateDataPanelProps) {
  const [draft, setDraft] = useState<IncumbentAggregates>(aggregates);
  // The server's answer (after a save or a reload) replaces the typed values.
  const [shown, setShown] = useState(aggregates);
  if (shown !== aggregates) {
    setShown(aggregates);
    setDraft(aggregates);
  }
  const dirty = !same(draft, aggregates);

  async function save() {
    try {
      await onSave(draft);
      notifySuccess('Aggregate Data Saved');
    } catch {
      notifyErrorMessage('Error', INCUMBENT_MESSAGES.unableToUpdateValue);
    }
  }

  return (
    <PanelCard
      title="Aggregate Data"
      block="incumbent-panel"
      extra={
        dirty && (
          <Flex gap={8}>
            <Button onClick={() => setDraft(aggregates)}>Undo</Button>
            <Button type="primary" loading={saving} onClick={() => void save()}>
              Save
            </Button>
          </Flex>
        )
      }
    >
      <Form layout="vertical" className="incumbent-aggregates">
        {AGGREGATE_FIELDS.map(({ amount, used, label }) => (
          <Flex key={amount} gap={16} align="end" wrap>
            <Form.Item label={label} htmlFor={`aggregate-${amount}`} style={{ minWidth: 220 }}>
              <InputNumber<number>
                id={`aggregate-${amount}`}
                value={draft[amount]}
                min={0}
                step={0.01}
                precision={2}
                prefix="$"
                style={{ width: '100%' }}
                onChange={(value) => setDraft((d) => ({ ...d, [amount]: value }))}
              />
            </Form.Item>
            <Form.Item>
              <Checkbox
                checked={draft[used]}
                onChange={(event) => setDraft((d) => ({ ...d, [used]: event.target.checked }))}
              >
                Use {label.toLowerCase()} for analysis
              </Checkbox>
            </Form.Item>
          </Flex>
        ))}
      </Form>
    </PanelCard>
  );
}
