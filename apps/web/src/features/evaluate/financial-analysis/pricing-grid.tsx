import { Button, Table, Tag } from 'antd';
import type { FootNote, GridColumnAnswer } from '@pillar/domain';
import { gridRows, type GridRow } from './grid-rows.ts';

export interface PricingGridProps {
  columns: readonly GridColumnAnswer[];
  footNotes: readonly FootNote[];
  /** Clicking a cell asks how it was computed; none in a read-only grid without a job. */
  onExplain?: (cell: { column: string; row: string }) => void;
}

/**
 * The pricing grid (spec 3 §3 "Pricing grid column"): one column per offer (the incumbent first),
 * one row per figure; each cell a button that opens "how this was computed". The footnotes
 * follow, static ones tagged.
 */
export function PricingGrid({ columns, footNotes, onExplain }: PricingGridProps) {
  const rows = gridRows(columns);
  return (
    <>
      <Table<GridRow>
        className="pricing-grid"
        size="small"
        bordered
        pagination={false}
        aria-label="Pricing grid"
        rowKey="id"
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        columns={[
          {
            title: 'Figure',
            key: 'label',
            fixed: 'left',
            width: 240,
            render: (_, row) => (
              <span className="pricing-grid__label">
                <span className="pricing-grid__group">{row.group}</span> {row.label}
              </span>
            ),
          },
          ...columns.map((column) => ({
            title: column.name,
            key: column.key,
            align: 'right' as const,
            render: (_: unknown, row: GridRow) => {
              const value = row.value(column);
              if (value === null) return '—';
              const text = row.format(value);
              return onExplain ? (
                <Button
                  type="link"
                  size="small"
                  className="pricing-grid__cell"
                  aria-label={`${text}: how ${row.label} of ${column.name} was computed`}
                  onClick={() => onExplain({ column: column.key, row: row.id })}
                >
                  {text}
                </Button>
              ) : (
                text
              );
            },
          })),
        ]}
      />
      {footNotes.length > 0 && (
        <section aria-labelledby="pricing-footnotes-title" className="pricing-footnotes">
          <h3 id="pricing-footnotes-title">Footnotes</h3>
          <ol>
            {footNotes.map((note) => (
              <li key={String(note.id)}>
                <strong>{note.category}</strong>: {note.text}
                {note.pages.length > 0 ? ` (pages ${note.pages.join(', ')})` : ''}
                {note.isStatic ? <Tag className="pricing-footnotes__static">Standard</Tag> : null}
              </li>
            ))}
          </ol>
        </section>
      )}
    </>
  );
}
