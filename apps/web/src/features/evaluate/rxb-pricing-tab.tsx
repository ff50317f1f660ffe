import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Form, Input, Skeleton, Table } from 'antd';
import {
  INSIGHT_MESSAGE_MAX_LENGTH,
  INSIGHT_NAME_MAX_LENGTH,
  PRESET_CREDIT_NAMES,
  PRESET_FEE_NAMES,
  PRICING_PBMS,
  PRICING_PBM_LABELS,
  pricingInsight,
  type PricingInsight,
  type PricingList,
} from '@pillar/domain';
import { useState } from 'react';
import {
  usePricingInsights,
  usePricingList,
  useSavePricingInsights,
  useSavePricingList,
} from '../../entities/opportunity-incumbent/index.ts';
import { describeError, notifyError, notifySuccess } from '../../shared/notifications/notify.ts';
import { PanelCard } from '../../shared/page/panel-card.tsx';
import { FeeCreditTable, type PbmOption } from './incumbent/fee-credit-table.tsx';
import { type FeeRowValue } from './incumbent/fee-rows.ts';
import './incumbent/incumbent.css';

const PBM_OPTIONS: PbmOption[] = PRICING_PBMS.map((pbm) => ({
  value: pbm,
  label: PRICING_PBM_LABELS[pbm],
}));
/** New rows apply to every PBM until the administrator narrows them. */
const BLANK_ROW: FeeRowValue = { name: '', type: null, amount: null, pbm: 'ALL' };

function PricingListPanel({ id, kind }: { id: number; kind: 'fees' | 'credits' }) {
  const list = usePricingList(id, kind);
  const save = useSavePricingList(id, kind);
  const title = kind === 'fees' ? 'RxB Fees' : 'RxB Credits';
  return (
    <PanelCard title={title} block="incumbent-panel">
      {!list.data ? (
        list.error ? (
          <Alert type="error" showIcon title={describeError(list.error).description} />
        ) : (
          <Skeleton active paragraph={{ rows: 2 }} />
        )
      ) : (
        <FeeCreditTable<FeeRowValue>
          noun={kind === 'fees' ? 'Fee' : 'Credit'}
          items={list.data.items}
          presets={kind === 'fees' ? PRESET_FEE_NAMES : PRESET_CREDIT_NAMES}
          pbmOptions={PBM_OPTIONS}
          blank={BLANK_ROW}
          saving={save.isPending}
          onSave={async (items) => {
            try {
              await save.mutateAsync({ items: items as PricingList['items'] });
              notifySuccess(`${title} Saved`);
            } catch (error) {
              notifyError(error, `Save ${title}`);
            }
          }}
        />
      )}
    </PanelCard>
  );
}

interface InsightRow {
  key: number;
  insightName: string;
  additionalInfo: string;
}

let nextKey = 0;
const rowOf = (item: PricingInsight): InsightRow => {
  nextKey += 1;
  return { key: nextKey, ...item };
};

type InsightErrors = Record<number, Partial<Record<keyof PricingInsight, string>>>;

/** Each row's messages from the domain's schema ('Missing insightful name', …). */
function insightErrors(rows: readonly InsightRow[]): InsightErrors {
  const errors: InsightErrors = {};
  for (const row of rows) {
    const result = pricingInsight.safeParse(row);
    if (result.success) continue;
    const found: Partial<Record<keyof PricingInsight, string>> = {};
    for (const issue of result.error.issues) {
      const field = issue.path[0] as keyof PricingInsight;
      found[field] ??= issue.message;
    }
    errors[row.key] = found;
  }
  return errors;
}

/**
 * RxB pricing insights (spec 3 §3 "Insight" for RxB pricing, §5): each has a name and its
 * additional information, both required ('Missing insightful name', 'Missing additional
 * information'); the list is saved whole.
 */
function PricingInsightsPanel({ id }: { id: number }) {
  const list = usePricingInsights(id);
  const save = useSavePricingInsights(id);
  const [rows, setRows] = useState<InsightRow[]>([]);
  const [errors, setErrors] = useState<InsightErrors>({});
  // The server's list (on load, after a save) replaces the rows.
  const [shown, setShown] = useState<unknown>(undefined);
  if (list.data && shown !== list.data) {
    setShown(list.data);
    setRows(list.data.items.map(rowOf));
  }

  const dirty =
    list.data !== undefined &&
    JSON.stringify(
      rows.map(({ insightName, additionalInfo }) => ({ insightName, additionalInfo })),
    ) !== JSON.stringify(list.data.items);

  function change(key: number, patch: Partial<PricingInsight>) {
    setRows((current) => current.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  }

  async function submit() {
    const found = insightErrors(rows);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await save.mutateAsync({
        items: rows.map(({ insightName, additionalInfo }) => ({ insightName, additionalInfo })),
      });
      notifySuccess('RxB Insights Saved');
    } catch (error) {
      notifyError(error, 'Save RxB Insights');
    }
  }

  if (!list.data) {
    return (
      <PanelCard title="RxB Insights" block="incumbent-panel">
        {list.error ? (
          <Alert type="error" showIcon title={describeError(list.error).description} />
        ) : (
          <Skeleton active paragraph={{ rows: 2 }} />
        )}
      </PanelCard>
    );
  }
  return (
    <PanelCard title="RxB Insights" block="incumbent-panel">
      <Table<InsightRow>
        rowKey="key"
        size="small"
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: 'No insights' }}
        columns={[
          {
            title: 'Insight Name',
            key: 'name',
            width: '35%',
            render: (_, row) => (
              <Form.Item
                validateStatus={errors[row.key]?.insightName ? 'error' : undefined}
                help={errors[row.key]?.insightName}
                style={{ margin: 0 }}
              >
                <Input
                  aria-label="Insight name"
                  value={row.insightName}
                  maxLength={INSIGHT_NAME_MAX_LENGTH}
                  onChange={(e) => change(row.key, { insightName: e.target.value })}
                />
              </Form.Item>
            ),
          },
          {
            title: 'Additional Information',
            key: 'info',
            render: (_, row) => (
              <Form.Item
                validateStatus={errors[row.key]?.additionalInfo ? 'error' : undefined}
                help={errors[row.key]?.additionalInfo}
                style={{ margin: 0 }}
              >
                <Input.TextArea
                  aria-label="Additional information"
                  value={row.additionalInfo}
                  autoSize={{ minRows: 1, maxRows: 4 }}
                  maxLength={INSIGHT_MESSAGE_MAX_LENGTH}
                  onChange={(e) => change(row.key, { additionalInfo: e.target.value })}
                />
              </Form.Item>
            ),
          },
          {
            title: 'Actions',
            key: 'actions',
            width: 80,
            render: (_, row) => (
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={`Remove insight ${row.insightName}`}
                onClick={() => setRows((current) => current.filter((r) => r.key !== row.key))}
              />
            ),
          },
        ]}
      />
      <Flex gap={8} justify="space-between" style={{ marginTop: 8 }}>
        <Button
          icon={<PlusOutlined />}
          onClick={() =>
            setRows((current) => [...current, rowOf({ insightName: '', additionalInfo: '' })])
          }
        >
          Add Insight
        </Button>
        <Button
          type="primary"
          disabled={!dirty}
          loading={save.isPending}
          onClick={() => void submit()}
        >
          Save Insights
        </Button>
      </Flex>
    </PanelCard>
  );
}

/**
 * The RxB Pricing tab (spec 3 §2 "RxB pricing tab", §3 "Fees and credits rows", §5 "Fee rows"):
 * the administrator's own fees and credits, each assigned to ALL or one PBM, in the same
 * row-at-a-time tables as the incumbent's, and the pricing insights.
 */
export function RxbPricingTab({ opportunityId }: { opportunityId: number }) {
  return (
    <div className="rxb-pricing-tab">
      <PricingListPanel id={opportunityId} kind="fees" />
      <PricingListPanel id={opportunityId} kind="credits" />
      <PricingInsightsPanel id={opportunityId} />
    </div>
  );
}
