import { useState } from 'react';
import { Alert, Button, Drawer, Input, Select, Space, Table, Tabs, Typography } from 'antd';
import {
  concatenation as concatenationSchema,
  multiFieldTransform as multiFieldSchema,
  type ConcatenationEntry,
  type MultiFieldVariable,
  type TemplateMapping,
} from '@pillar/domain';
import { describeMapping } from './mapping-values.ts';

/** A transformation of the library as the guide lists it. */
export interface GuideTransformation {
  name: string;
  description: string;
}

export interface TransformDrawerProps {
  /** The target field the drawer edits; null: closed. */
  mapping: TemplateMapping | null;
  sourceColumns: readonly string[];
  guide: readonly GuideTransformation[];
  readOnly: boolean;
  onClose: () => void;
  onPick: (name: string | null) => void;
  onConcatenation: (entries: ConcatenationEntry[]) => void;
  onMultiField: (variables: MultiFieldVariable[], transformation: string) => void;
  onRemove: () => void;
  /** Add New Transformation: opens the wizard modal (its owner renders it). */
  onAddNew?: () => void;
  /** A transformation just added: the guide searches for it, so it is there to select. */
  highlight?: string | null;
}

const firstProblem = (error: { issues: { message: string }[] } | undefined) =>
  error?.issues[0]?.message ?? null;

/**
 * The per-target Transform drawer (spec 3 §2): the transformation guide to pick one, Add New
 * Transformation, Build Concatenation and Build Multi-Field Transform with Remove and Apply.
 * The drawer's own drafts start from what applies to the field and reach the template on Apply.
 */
export function TransformDrawer(props: TransformDrawerProps) {
  const { mapping, onClose } = props;
  return (
    <Drawer
      open={mapping !== null}
      onClose={onClose}
      size="large"
      title={mapping ? `Transform ${mapping.target}` : 'Transform'}
      destroyOnHidden
    >
      {mapping && <DrawerBody {...props} mapping={mapping} />}
    </Drawer>
  );
}

function DrawerBody({
  mapping,
  sourceColumns,
  guide,
  readOnly,
  onPick,
  onConcatenation,
  onMultiField,
  onRemove,
  onAddNew,
  highlight = null,
}: TransformDrawerProps & { mapping: TemplateMapping }) {
  const applied = describeMapping(mapping);
  return (
    <>
      <p>
        <Typography.Text strong>Applies: </Typography.Text>
        {applied ??
          (mapping.source ? `${mapping.source} as it is` : 'Nothing (the column is blank)')}
      </p>
      <Tabs
        items={[
          {
            key: 'guide',
            label: 'Transformation Guide',
            children: (
              <Guide
                key={highlight ?? ''}
                initialSearch={highlight ?? ''}
                guide={guide}
                selected={mapping.transformation ?? null}
                readOnly={readOnly}
                onPick={onPick}
                onAddNew={onAddNew}
              />
            ),
          },
          {
            key: 'concatenation',
            label: 'Build Concatenation',
            children: (
              <ConcatenationEditor
                initial={mapping.concatenation ?? []}
                sourceColumns={sourceColumns}
                guide={guide}
                readOnly={readOnly}
                onApply={onConcatenation}
                onRemove={onRemove}
              />
            ),
          },
          {
            key: 'multi',
            label: 'Build Multi-Field Transform',
            children: (
              <MultiFieldEditor
                initial={mapping.multiField ?? null}
                sourceColumns={sourceColumns}
                guide={guide}
                readOnly={readOnly}
                onApply={onMultiField}
                onRemove={onRemove}
              />
            ),
          },
        ]}
      />
    </>
  );
}

function Guide({
  initialSearch,
  guide,
  selected,
  readOnly,
  onPick,
  onAddNew,
}: {
  initialSearch: string;
  guide: readonly GuideTransformation[];
  selected: string | null;
  readOnly: boolean;
  onPick: (name: string | null) => void;
  onAddNew?: () => void;
}) {
  const [text, setText] = useState(initialSearch);
  const [search, setSearch] = useState(initialSearch);
  const wanted = search.trim().toLowerCase();
  const shown = guide.filter(
    (t) =>
      wanted === '' ||
      t.name.toLowerCase().includes(wanted) ||
      t.description.toLowerCase().includes(wanted),
  );
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Input
          aria-label="Search transformations"
          placeholder="Name or description"
          // Searching the guide changes nothing: usable in view mode, inside a disabled form.
          disabled={false}
          value={text}
          maxLength={100}
          onChange={(e) => setText(e.target.value)}
          onPressEnter={() => setSearch(text)}
        />
        <Button disabled={false} onClick={() => setSearch(text)}>
          Search
        </Button>
        <Button
          disabled={false}
          onClick={() => {
            setText('');
            setSearch('');
          }}
        >
          Clear Filters
        </Button>
        {!readOnly && onAddNew && (
          <Button type="primary" onClick={onAddNew}>
            Add New Transformation
          </Button>
        )}
      </Space>
      <Table<GuideTransformation>
        size="small"
        rowKey="name"
        aria-label="Transformation guide"
        dataSource={shown}
        pagination={{ pageSize: 8, showSizeChanger: false }}
        rowClassName={(t) => (t.name === selected ? 'ant-table-row-selected' : '')}
        columns={[
          { title: 'Name', dataIndex: 'name', width: 220 },
          { title: 'Description', dataIndex: 'description' },
          {
            title: '',
            key: 'pick',
            width: 90,
            render: (_, t) =>
              readOnly ? null : t.name === selected ? (
                <Button size="small" onClick={() => onPick(null)} aria-label={`Unselect ${t.name}`}>
                  Unselect
                </Button>
              ) : (
                <Button size="small" onClick={() => onPick(t.name)} aria-label={`Select ${t.name}`}>
                  Select
                </Button>
              ),
          },
        ]}
      />
    </Space>
  );
}

const guideOptions = (guide: readonly GuideTransformation[]) =>
  guide.map((t) => ({ value: t.name, label: t.name }));

function ConcatenationEditor({
  initial,
  sourceColumns,
  guide,
  readOnly,
  onApply,
  onRemove,
}: {
  initial: ConcatenationEntry[];
  sourceColumns: readonly string[];
  guide: readonly GuideTransformation[];
  readOnly: boolean;
  onApply: (entries: ConcatenationEntry[]) => void;
  onRemove: () => void;
}) {
  const [entries, setEntries] = useState<ConcatenationEntry[]>(
    initial.length > 0 ? initial : [{ type: 'schemaField', value: '' }],
  );
  const [problem, setProblem] = useState<string | null>(null);
  const change = (i: number, patch: Partial<ConcatenationEntry>) =>
    setEntries(entries.map((e, j) => (j === i ? { ...e, ...patch } : e)));
  const apply = () => {
    const parsed = concatenationSchema.safeParse(entries);
    setProblem(firstProblem(parsed.error));
    if (parsed.success) onApply(parsed.data);
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {entries.map((e, i) => (
        <Space key={i} wrap className="transform-drawer__entry">
          <Select
            aria-label={`Entry ${i + 1} type`}
            disabled={readOnly}
            value={e.type}
            style={{ width: 140 }}
            options={[
              { value: 'schemaField', label: 'Source field' },
              { value: 'literal', label: 'Literal' },
            ]}
            onChange={(type: ConcatenationEntry['type']) => change(i, { type, value: '' })}
          />
          {e.type === 'schemaField' ? (
            <Select
              aria-label={`Entry ${i + 1} value`}
              disabled={readOnly}
              value={e.value || undefined}
              placeholder="Source field"
              style={{ width: 180 }}
              options={sourceColumns.map((c) => ({ value: c, label: c }))}
              onChange={(value: string) => change(i, { value })}
            />
          ) : (
            <Input
              aria-label={`Entry ${i + 1} value`}
              disabled={readOnly}
              value={e.value}
              maxLength={1000}
              style={{ width: 180 }}
              onChange={(ev) => change(i, { value: ev.target.value })}
            />
          )}
          <Select
            aria-label={`Entry ${i + 1} transformation`}
            disabled={readOnly}
            allowClear
            placeholder="Transformation (optional)"
            value={e.transformation ?? undefined}
            style={{ width: 200 }}
            options={guideOptions(guide)}
            onChange={(t?: string) => change(i, { transformation: t ?? null })}
          />
          {!readOnly && entries.length > 1 && (
            <Button onClick={() => setEntries(entries.filter((_, j) => j !== i))}>
              Delete entry
            </Button>
          )}
        </Space>
      ))}
      {problem && <Alert type="error" showIcon title={problem} />}
      {!readOnly && (
        <Space>
          <Button onClick={() => setEntries([...entries, { type: 'literal', value: '' }])}>
            Add entry
          </Button>
          <Button onClick={onRemove}>Remove</Button>
          <Button type="primary" onClick={apply}>
            Apply
          </Button>
        </Space>
      )}
    </Space>
  );
}

function MultiFieldEditor({
  initial,
  sourceColumns,
  guide,
  readOnly,
  onApply,
  onRemove,
}: {
  initial: { variables: MultiFieldVariable[]; transformation: string } | null;
  sourceColumns: readonly string[];
  guide: readonly GuideTransformation[];
  readOnly: boolean;
  onApply: (variables: MultiFieldVariable[], transformation: string) => void;
  onRemove: () => void;
}) {
  const [variables, setVariables] = useState<MultiFieldVariable[]>(
    initial?.variables ?? [{ variableName: '', schemaField: '' }],
  );
  const [combine, setCombine] = useState<string>(initial?.transformation ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const change = (i: number, patch: Partial<MultiFieldVariable>) =>
    setVariables(variables.map((v, j) => (j === i ? { ...v, ...patch } : v)));
  const apply = () => {
    const parsed = multiFieldSchema.safeParse({ variables, transformation: combine });
    setProblem(combine === '' ? 'Transformation is required' : firstProblem(parsed.error));
    if (parsed.success && combine !== '')
      onApply(parsed.data.variables, parsed.data.transformation);
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {variables.map((v, i) => (
        <Space key={i} wrap>
          <Input
            aria-label={`Variable ${i + 1}`}
            placeholder="Variable"
            disabled={readOnly}
            value={v.variableName}
            maxLength={50}
            style={{ width: 140 }}
            onChange={(e) => change(i, { variableName: e.target.value })}
          />
          <Select
            aria-label={`Variable ${i + 1} source field`}
            disabled={readOnly}
            placeholder="Source field"
            value={v.schemaField || undefined}
            style={{ width: 180 }}
            options={sourceColumns.map((c) => ({ value: c, label: c }))}
            onChange={(schemaField: string) => change(i, { schemaField })}
          />
          {!readOnly && variables.length > 1 && (
            <Button onClick={() => setVariables(variables.filter((_, j) => j !== i))}>
              Delete variable
            </Button>
          )}
        </Space>
      ))}
      <Select
        aria-label="Combining transformation"
        disabled={readOnly}
        placeholder="Transformation"
        value={combine || undefined}
        style={{ width: 260 }}
        options={guideOptions(guide)}
        onChange={(t: string) => setCombine(t)}
      />
      {problem && <Alert type="error" showIcon title={problem} />}
      {!readOnly && (
        <Space>
          <Button
            onClick={() => setVariables([...variables, { variableName: '', schemaField: '' }])}
          >
            Add variable
          </Button>
          <Button onClick={onRemove}>Remove</Button>
          <Button type="primary" onClick={apply}>
            Apply
          </Button>
        </Space>
      )}
    </Space>
  );
}
