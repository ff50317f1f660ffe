import { CheckOutlined, DeleteOutlined, PlusOutlined, UndoOutlined } from '@ant-design/icons';
import { AutoComplete, Button, Flex, InputNumber, Select, Table, Tooltip, Typography } from 'antd';
import {
  FEE_TYPES,
  INCUMBENT_MESSAGES,
  INCUMBENT_NAME_MAX_LENGTH,
  type FeeType,
  type PresetFeeName,
  type PricingPbm,
} from '@pillar/domain';
import { useMemo, useState, type ReactNode } from 'react';
import { useConfirmAction } from '../../../shared/page/confirm-action.tsx';
import {
  addRow,
  differsFrom,
  editRow,
  isRowDirty,
  removeRow,
  rowsFrom,
  saveRow,
  savedValues,
  undoRow,
  type EditableRow,
} from './editable-rows.ts';
import { listProblem, rowErrors, type FeeRowValue, type RowErrors } from './fee-rows.ts';

export interface PbmOption {
  value: PricingPbm;
  label: string;
}

const TYPE_OPTIONS = FEE_TYPES.map((type) => ({ value: type, label: type }));

export interface FeeCreditTableProps<T extends FeeRowValue> {
  /** 'Fee' or 'Credit': the heading is its plural, buttons and notices use it. */
  noun: 'Fee' | 'Credit';
  items: readonly T[];
  /** Preset names; one with a type fills the type in when chosen ('Administrative Fee': PEPM). */
  presets: readonly PresetFeeName[];
  /** The RxB pricing tables assign each row to a PBM; the incumbent's do not. */
  pbmOptions?: readonly PbmOption[] | undefined;
  blank: T;
  /** Sends the whole list; resolves once the server kept it. */
  onSave: (items: T[]) => Promise<void>;
  saving: boolean;
}

/**
 * One editable list of fees or credits (spec 3 §3 "Fees and credits rows", §4 "Pricing", §5
 * "Incumbent data", "Fee rows"): a row is typed, then kept with its own save (the row's rules
 * shown at the row), or undone after confirmation; the list's Save sends every kept row and is
 * refused while a row is unsaved or an amount is not above zero ('Fields not SAVED ...'), while
 * two rows share a name ('Duplicate Names'), and asks before saving ZERO items.
 */
export function FeeCreditTable<T extends FeeRowValue>({
  noun,
  items,
  presets,
  pbmOptions,
  blank,
  onSave,
  saving,
}: FeeCreditTableProps<T>) {
  const [rows, setRows] = useState<EditableRow<T>[]>(() => rowsFrom(items));
  const [errors, setErrors] = useState<Record<string, RowErrors>>({});
  const [notice, setNotice] = useState<{ title: string; text: string } | null>(null);
  const [confirm, confirmHolder] = useConfirmAction();
  const plural = `${noun}s`;

  // The server's answer (after a save or a reload) replaces the rows.
  const [shown, setShown] = useState(items);
  if (shown !== items) {
    setShown(items);
    setRows(rowsFrom(items));
    setErrors({});
  }

  const presetOptions = useMemo(
    () => presets.map((preset) => ({ value: preset.name, label: preset.name })),
    [presets],
  );

  function change(key: string, patch: Partial<T>) {
    setRows((current) => editRow(current, key, patch));
    setNotice(null);
  }

  function changeName(key: string, name: string) {
    const preset = presets.find((p) => p.name === name);
    change(key, (preset?.type ? { name, type: preset.type } : { name }) as Partial<T>);
  }

  function keep(row: EditableRow<T>) {
    const found = rowErrors(row.draft, pbmOptions !== undefined);
    setErrors((current) => ({ ...current, [row.key]: found }));
    if (Object.keys(found).length === 0) setRows((current) => saveRow(current, row.key));
  }

  async function undo(row: EditableRow<T>) {
    const ok = await confirm({
      title: INCUMBENT_MESSAGES.undoConfirm,
      content:
        row.saved === null
          ? `The new ${noun.toLowerCase()} is removed.`
          : 'The row goes back to its saved values.',
      action: 'Undo',
    });
    if (!ok) return;
    setRows((current) => undoRow(current, row.key));
    setErrors((current) => ({ ...current, [row.key]: {} }));
  }

  async function saveList() {
    const problem = listProblem(rows);
    if (problem.kind === 'refused') {
      setNotice({ title: problem.title, text: problem.text });
      return;
    }
    if (problem.kind === 'empty') {
      const ok = await confirm({
        title: INCUMBENT_MESSAGES.zeroItemsConfirm(plural.toLowerCase()),
        content: `The ${plural.toLowerCase()} list is saved empty.`,
        action: `Save ZERO ${plural}`,
        danger: true,
      });
      if (!ok) return;
    }
    setNotice(null);
    await onSave(savedValues(rows));
  }

  const columns = [
    {
      title: 'Name',
      key: 'name',
      render: (_: unknown, row: EditableRow<T>) => (
        <Cell error={errors[row.key]?.name}>
          <AutoComplete
            aria-label={`${noun} name`}
            value={row.draft.name}
            options={presetOptions}
            onChange={(value: string) => changeName(row.key, value)}
            filterOption={(input, option) =>
              (option?.value ?? '').toLowerCase().includes(input.toLowerCase())
            }
            maxLength={INCUMBENT_NAME_MAX_LENGTH}
            style={{ width: '100%', minWidth: 180 }}
          />
        </Cell>
      ),
    },
    {
      title: 'Type',
      key: 'type',
      width: 150,
      render: (_: unknown, row: EditableRow<T>) => (
        <Cell error={errors[row.key]?.type}>
          <Select
            aria-label={`${noun} type`}
            value={row.draft.type ?? undefined}
            options={TYPE_OPTIONS}
            onChange={(type: FeeType) => change(row.key, { type } as Partial<T>)}
            style={{ width: '100%' }}
          />
        </Cell>
      ),
    },
    {
      title: 'Amount',
      key: 'amount',
      width: 150,
      render: (_: unknown, row: EditableRow<T>) => (
        <Cell error={errors[row.key]?.amount}>
          <InputNumber<number>
            aria-label={`${noun} amount`}
            value={row.draft.amount}
            min={0}
            step={0.01}
            precision={2}
            prefix="$"
            onChange={(amount) => change(row.key, { amount } as Partial<T>)}
            style={{ width: '100%' }}
          />
        </Cell>
      ),
    },
    ...(pbmOptions
      ? [
          {
            title: 'PBM',
            key: 'pbm',
            width: 190,
            render: (_: unknown, row: EditableRow<T>) => (
              <Cell error={errors[row.key]?.pbm}>
                <Select
                  aria-label={`${noun} PBM`}
                  value={row.draft.pbm ?? undefined}
                  options={pbmOptions.map((o) => ({ ...o }))}
                  onChange={(pbm: PricingPbm) => change(row.key, { pbm } as Partial<T>)}
                  style={{ width: '100%' }}
                />
              </Cell>
            ),
          },
        ]
      : []),
    {
      title: 'Actions',
      key: 'actions',
      width: 110,
      render: (_: unknown, row: EditableRow<T>) =>
        isRowDirty(row) ? (
          <Flex gap={4}>
            <Tooltip title="Save row">
              <Button
                aria-label={`Save ${noun.toLowerCase()} row`}
                icon={<CheckOutlined />}
                type="primary"
                size="small"
                onClick={() => keep(row)}
              />
            </Tooltip>
            <Tooltip title="Undo">
              <Button
                aria-label={`Undo ${noun.toLowerCase()} row`}
                icon={<UndoOutlined />}
                size="small"
                onClick={() => void undo(row)}
              />
            </Tooltip>
          </Flex>
        ) : (
          <Tooltip title="Remove">
            <Button
              aria-label={`Remove ${noun.toLowerCase()} ${row.draft.name}`}
              icon={<DeleteOutlined />}
              size="small"
              danger
              onClick={() => setRows((current) => removeRow(current, row.key))}
            />
          </Tooltip>
        ),
    },
  ];

  return (
    <section aria-label={plural} className="fee-credit-table">
      {confirmHolder}
      <Table<EditableRow<T>>
        rowKey="key"
        size="small"
        pagination={false}
        dataSource={rows}
        columns={columns}
        locale={{ emptyText: `No ${plural.toLowerCase()}` }}
        scroll={{ x: 'max-content' }}
      />
      {notice && (
        <div role="alert" className="fee-credit-notice">
          <Typography.Text type="danger" strong>
            {notice.title}
          </Typography.Text>{' '}
          <Typography.Text type="danger">{notice.text}</Typography.Text>
        </div>
      )}
      <Flex gap={8} justify="space-between" style={{ marginTop: 8 }}>
        <Button
          icon={<PlusOutlined />}
          onClick={() => setRows((current) => addRow(current, blank))}
        >
          Add {noun}
        </Button>
        <Button
          type="primary"
          loading={saving}
          disabled={!differsFrom(rows, items)}
          onClick={() => void saveList()}
        >
          Save {plural}
        </Button>
      </Flex>
    </section>
  );
}

/** A table cell's input with its rule's message under it, as a form item would show it. */
function Cell({ error, children }: { error?: string | undefined; children: ReactNode }) {
  return (
    <div className={error ? 'ant-form-item-has-error' : undefined}>
      {children}
      {error && (
        <Typography.Text type="danger" className="fee-credit-cell-error">
          {error}
        </Typography.Text>
      )}
    </div>
  );
}
