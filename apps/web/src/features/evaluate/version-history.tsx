import { Alert, Switch, Space, Table, Tag, Typography, type TableProps } from 'antd';
import { useState } from 'react';
import { describeError } from '../../shared/notifications/notify.ts';
import { diffVersions, type DiffRow } from './version-diff.ts';

/*
 * The version history both the contract history drawer (issue 18) and the rate cards page
 * (decision 0130) show (decision 0140, D8): a table of versions of which the user chooses two,
 * and the two side by side with the changed fields marked in words and colour.
 */

export interface VersionComparisonProps {
  /** The two versions' states, oldest first; undefined while one loads. */
  states: readonly [unknown, unknown] | undefined;
  /** The load error of either version, if any. */
  error: unknown;
  titles: readonly [string, string];
  /** What a row is: 'field' (contract parts) or 'term' (rate cards). */
  noun: 'field' | 'term';
  /** Whether the comparison opens showing only the changed rows. */
  onlyChangesFirst?: boolean;
}

const capital = (s: string) => s[0]!.toUpperCase() + s.slice(1);

/** Two versions side by side, the changed rows marked 'Changed' and coloured. */
export function VersionComparison({
  states,
  error,
  titles,
  noun,
  onlyChangesFirst = false,
}: VersionComparisonProps) {
  const [onlyChanges, setOnlyChanges] = useState(onlyChangesFirst);
  if (error)
    return (
      <Alert
        type="error"
        showIcon
        title="These versions could not be loaded."
        description={describeError(error).description}
      />
    );
  const all = states ? diffVersions(states[0], states[1]) : [];
  const rows = onlyChanges ? all.filter((row) => row.changed) : all;
  const changed = all.filter((row) => row.changed).length;
  return (
    <section aria-label="Version comparison" className="version-compare">
      <Space className="version-compare__head" wrap>
        <Typography.Title level={3}>Comparison</Typography.Title>
        <span>{`${changed} ${noun}${changed === 1 ? '' : 's'} changed`}</span>
        <Switch
          checked={onlyChanges}
          onChange={setOnlyChanges}
          aria-label={`Show only changed ${noun}s`}
        />
        <span aria-hidden="true">Only changed {noun}s</span>
      </Space>
      <Table<DiffRow>
        size="small"
        rowKey="path"
        loading={!states}
        pagination={false}
        dataSource={rows}
        rowClassName={(row) => (row.changed ? 'version-compare__changed' : '')}
        // Fixed columns that wrap, not a sideways scroll: a drawer is narrow at 1024 px.
        tableLayout="fixed"
        locale={{
          emptyText: <span className="evaluate-empty">The two versions have the same {noun}s</span>,
        }}
        columns={[
          {
            title: capital(noun),
            dataIndex: 'label',
            width: '38%',
            render: (label: string, row) => (
              <span>
                {label}
                {row.changed && (
                  <Tag color="orange" className="version-compare__tag">
                    Changed
                  </Tag>
                )}
              </span>
            ),
          },
          { title: titles[0], dataIndex: 'left' },
          { title: titles[1], dataIndex: 'right' },
        ]}
      />
    </section>
  );
}

export interface VersionChoice<T> {
  chosen: T[];
  /** The pair to compare, oldest first, once Compare Selected was pressed. */
  compared: readonly [T, T] | null;
  compare: () => void;
  reset: () => void;
  /** The versions table's selection: at most two rows, each checkbox named for its row. */
  rowSelection: NonNullable<TableProps<T>['rowSelection']>;
}

/** The choice of two versions to compare: `order` sorts oldest first, `keyOf` names a row. */
export function useVersionChoice<T>(
  keyOf: (row: T) => string | number,
  order: (a: T, b: T) => number,
  title: (row: T) => string,
): VersionChoice<T> {
  const [chosen, setChosen] = useState<T[]>([]);
  const [compared, setCompared] = useState<readonly [T, T] | null>(null);
  return {
    chosen,
    compared,
    compare: () => {
      const [a, b] = [...chosen].sort(order);
      if (a && b) setCompared([a, b]);
    },
    reset: () => {
      setChosen([]);
      setCompared(null);
    },
    rowSelection: {
      selectedRowKeys: chosen.map(keyOf),
      hideSelectAll: true,
      onChange: (_keys, rows) => setChosen(rows.slice(-2)),
      getCheckboxProps: (row) => ({
        'aria-label': `Choose ${title(row)}`,
        disabled: chosen.length >= 2 && !chosen.some((c) => keyOf(c) === keyOf(row)),
      }),
    },
  };
}
