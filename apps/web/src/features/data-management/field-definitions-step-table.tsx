import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { HolderOutlined } from '@ant-design/icons';
import { Button, Input, Table, type TableColumnsType } from 'antd';
import {
  createContext,
  useContext,
  useMemo,
  type CSSProperties,
  type HTMLAttributes,
  type ReactNode,
} from 'react';
import {
  columnLetter,
  fieldLength,
  type FieldDefinitionCell,
  type FieldDefinitionDraft,
  type FieldLayout,
} from '@pillar/domain';

/** What the drag handle of a row needs from that row's sortable state. */
interface RowHandle {
  setActivatorNodeRef: (element: HTMLElement | null) => void;
  listeners: ReturnType<typeof useSortable>['listeners'];
  attributes: ReturnType<typeof useSortable>['attributes'];
}
const RowHandleContext = createContext<RowHandle | null>(null);

function DragHandle({ label }: { label: string }) {
  const handle = useContext(RowHandleContext);
  return (
    <Button
      type="text"
      size="small"
      icon={<HolderOutlined />}
      className="field-definitions__handle"
      ref={handle?.setActivatorNodeRef}
      {...handle?.attributes}
      {...handle?.listeners}
      aria-label={label}
    />
  );
}

/** A table row that dnd-kit can move; antd gives it the row's key as data-row-key. */
function SortableRow(props: HTMLAttributes<HTMLTableRowElement> & { 'data-row-key': string }) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: props['data-row-key'] });
  const style: CSSProperties = {
    ...props.style,
    transform: CSS.Translate.toString(transform),
    transition,
    ...(isDragging ? { position: 'relative', zIndex: 2 } : {}),
  };
  const handle = useMemo(
    () => ({ setActivatorNodeRef, listeners, attributes }),
    [setActivatorNodeRef, listeners, attributes],
  );
  return (
    <RowHandleContext.Provider value={handle}>
      <tr {...props} ref={setNodeRef} style={style} />
    </RowHandleContext.Provider>
  );
}

export interface FieldTableRow extends FieldDefinitionDraft {
  key: string;
  index: number;
}

export interface FieldDefinitionsTableProps {
  layout: FieldLayout;
  rows: readonly FieldTableRow[];
  readOnly: boolean;
  selectedKeys: readonly string[];
  onSelect: (keys: string[]) => void;
  onCell: (index: number, field: FieldDefinitionCell, value: string) => void;
  onBlurCell: (key: string, field: FieldDefinitionCell) => void;
  onMove: (from: number, to: number) => void;
  /** The message to show at a cell, or undefined. */
  errorAt: (row: FieldTableRow, field: FieldDefinitionCell) => string | undefined;
}

const LABELS: Record<FieldDefinitionCell, string> = {
  fieldName: 'Field Name',
  alias: 'Alias(es)',
  start: 'Start',
  end: 'End',
};

/**
 * The field table (spec 3 §2 step 2): rows dragged by their handle (pointer, or the keyboard:
 * focus the handle, Space, arrow keys, Space), a select-all checkbox for Delete Field, and an
 * input per cell with its message under it. Delimited: Column, Field Name, Alias(es); fixed
 * length: Field Name, Start, End, Length.
 */
export function FieldDefinitionsTable(props: FieldDefinitionsTableProps) {
  const { layout, rows, readOnly, selectedKeys, onSelect, onCell, onBlurCell, onMove, errorAt } =
    props;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const cell = (field: FieldDefinitionCell, width?: number) => ({
    title: LABELS[field],
    key: field,
    width,
    render: (_: unknown, row: FieldTableRow): ReactNode => {
      const value = row[field];
      const text = value === null || value === undefined ? '' : String(value);
      if (readOnly) return text;
      const error = errorAt(row, field);
      const errorId = `field-${row.key}-${field}-error`;
      return (
        <div className="field-definitions__cell">
          <Input
            size="small"
            value={text}
            aria-label={`${LABELS[field]}, row ${row.index + 1}`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            status={error ? 'error' : undefined}
            inputMode={field === 'start' || field === 'end' ? 'numeric' : undefined}
            onChange={(event) => onCell(row.index, field, event.target.value)}
            onBlur={() => onBlurCell(row.key, field)}
          />
          {error && (
            <div id={errorId} className="field-definitions__error">
              {error}
            </div>
          )}
        </div>
      );
    },
  });

  const columns: TableColumnsType<FieldTableRow> = [
    ...(readOnly
      ? []
      : [
          {
            key: 'drag',
            width: 44,
            title: <span className="sr-only">Reorder</span>,
            render: (_: unknown, row: FieldTableRow) => (
              <DragHandle label={`Move ${row.fieldName?.trim() || `row ${row.index + 1}`}`} />
            ),
          },
        ]),
    ...(layout === 'delimited'
      ? [
          {
            title: 'Column',
            key: 'column',
            width: 80,
            render: (_: unknown, row: FieldTableRow) => columnLetter(row.index),
          },
          cell('fieldName'),
          cell('alias'),
        ]
      : [
          cell('fieldName'),
          cell('start', 170),
          cell('end', 170),
          {
            title: 'Length',
            key: 'length',
            width: 90,
            render: (_: unknown, row: FieldTableRow) => fieldLength(row.start, row.end) ?? '',
          },
        ]),
  ];

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = rows.findIndex((row) => row.key === active.id);
    const to = rows.findIndex((row) => row.key === over.id);
    if (from >= 0 && to >= 0) onMove(from, to);
  };

  const table = (
    <Table<FieldTableRow>
      size="small"
      rowKey="key"
      className="field-definitions__table"
      columns={columns}
      dataSource={rows}
      pagination={false}
      locale={{
        emptyText: <span className="field-definitions__empty">No fields defined yet.</span>,
      }}
      rowSelection={
        readOnly
          ? undefined
          : {
              selectedRowKeys: selectedKeys as string[],
              onChange: (keys) => onSelect(keys.map(String)),
              columnWidth: 44,
              getCheckboxProps: (row) => ({
                'aria-label': `Select ${row.fieldName?.trim() || `row ${row.index + 1}`}`,
              }),
            }
      }
      components={readOnly ? undefined : { body: { row: SortableRow } }}
    />
  );
  if (readOnly) return table;
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: {
          draggable:
            'To move a field, press Space, use the arrow keys to choose its new place, then press Space again. Escape cancels.',
        },
      }}
    >
      <SortableContext items={rows.map((row) => row.key)} strategy={verticalListSortingStrategy}>
        {table}
      </SortableContext>
    </DndContext>
  );
}
