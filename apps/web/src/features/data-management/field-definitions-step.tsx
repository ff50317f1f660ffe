import { UploadOutlined } from '@ant-design/icons';
import { arrayMove } from '@dnd-kit/sortable';
import { Alert, Button, Form, Input, Radio, Space, Typography, Upload } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  FIELD_DEFINITION_MESSAGES as M,
  FIELD_LIMIT_MESSAGE_MS,
  SAMPLE_FILE_EXTENSIONS,
  canAddField,
  fieldLayoutOf,
  fixedLengthSampleText,
  groupFieldDefinitionIssues,
  initialFieldRows,
  nextFieldRow,
  numberOfFieldsProblem,
  reflowFixedLength,
  rowsFromProposedFields,
  sampleFileProblem,
  validateFieldDefinitions,
  type FieldDefinitionCell,
  type FieldDefinitionDraft,
  type FieldDefinitionMode,
  type FieldLayout,
  type FileDelimiter,
  type ImportMediaType,
  type ImportSchemaWizardMode,
} from '@pillar/domain';
import { saveFile } from '../../shared/api/api-client.ts';
import { describeError } from '../../shared/notifications/notify.ts';
import { useConfirmAction } from '../../shared/page/confirm-action.tsx';
import { useProposeSampleFields } from './field-definitions-step-api.ts';
import { FieldDefinitionsTable, type FieldTableRow } from './field-definitions-step-table.tsx';
import './field-definitions-step.css';

export interface FieldDefinitionsStepProps {
  /** Step 1's file type: 'fixed' gives Start/End rows, the others Column/Alias(es) rows. */
  mediaType: ImportMediaType;
  /** Step 1's delimiter, custom delimiter and header flag: how the sample file is read. */
  delimiter: FileDelimiter | null;
  customDelimiter: string | null;
  fileHasHeaderRow: boolean;
  /** The table in file order. Start and End may be text while typed; save with toFieldDefinitionRows. */
  rows: readonly FieldDefinitionDraft[];
  onChange: (rows: FieldDefinitionDraft[]) => void;
  mode: ImportSchemaWizardMode;
  /** 'Use Sample File' or 'Define Fields Manually' (stored as fieldDefinitionMode). */
  definitionMode?: FieldDefinitionMode | null;
  onDefinitionModeChange?: (mode: FieldDefinitionMode) => void;
  /** The schema has a mapping template: adding or deleting fields warns that it must be redone. */
  hasTemplate?: boolean;
  /** Show every rule's message (the wizard sets it when Next was refused); else edited cells only. */
  showErrors?: boolean;
  /** The stored sample file the fields came from: the mapping's Percent Populated and its job. */
  onSampleFile?: (fileStorageId: string) => void;
}

/** The layout of a file type's field table (the domain's, offered here beside the step). */
export { fieldLayoutOf };

let keySequence = 0;
const newKey = () => `field-${++keySequence}`;

/**
 * Step 2, Field Definitions (spec 3 §2, §5, §9): fill the table from a sample file the server
 * reads, or with Number of Fields + Initialize; then reorder by drag, add, delete and edit rows,
 * each rule's message at its cell (import-schema-fields.ts, the same rules the server applies).
 */
export function FieldDefinitionsStep(props: FieldDefinitionsStepProps) {
  const { mediaType, rows, onChange, mode, hasTemplate = false, showErrors = false } = props;
  const layout = fieldLayoutOf(mediaType);
  const readOnly = mode === 'view';
  const [confirm, confirmHolder] = useConfirmAction();

  // Stable row keys for dragging and selection, kept in step with the rows the wizard holds.
  const [keys, setKeys] = useState<string[]>(() => rows.map(newKey));
  let rowKeys = keys;
  if (keys.length !== rows.length) {
    rowKeys = rows.map((_, i) => keys[i] ?? newKey());
    setKeys(rowKeys);
  }
  const [selected, setSelected] = useState<string[]>([]);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [definitionMode, setDefinitionMode] = useState<FieldDefinitionMode>(
    props.definitionMode ?? 'sample',
  );
  const [warnedTemplate, setWarnedTemplate] = useState(false);
  const [limitShown, setLimitShown] = useState(false);
  const limitTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(limitTimer.current), []);

  const showLimit = () => {
    setLimitShown(true);
    clearTimeout(limitTimer.current);
    limitTimer.current = setTimeout(() => setLimitShown(false), FIELD_LIMIT_MESSAGE_MS);
  };

  const errors = useMemo(
    () => groupFieldDefinitionIssues(validateFieldDefinitions(layout, rows)),
    [layout, rows],
  );
  const tableRows: FieldTableRow[] = rows.map((row, index) => ({
    ...row,
    key: rowKeys[index]!,
    index,
  }));

  const replaceAll = (next: FieldDefinitionDraft[]) => {
    setKeys(next.map(newKey));
    setSelected([]);
    setTouched(new Set());
    onChange(next);
  };

  const chooseMode = (next: FieldDefinitionMode) => {
    setDefinitionMode(next);
    props.onDefinitionModeChange?.(next);
  };

  /** Spec 3 §5: adding or deleting fields of a mapped schema warns once that it must be remapped. */
  const templateAllows = async (action: string) => {
    if (!hasTemplate || warnedTemplate) return true;
    const ok = await confirm({ title: 'New Template', content: M.newTemplateWarning, action });
    if (ok) setWarnedTemplate(true);
    return ok;
  };

  const addField = async () => {
    if (!canAddField(rows.length)) {
      showLimit();
      return;
    }
    if (!(await templateAllows('Add Field'))) return;
    setKeys([...rowKeys, newKey()]);
    onChange([...rows, nextFieldRow(layout, rows)]);
  };

  const deleteFields = async () => {
    if (!(await templateAllows('Delete Field'))) return;
    const keep = rowKeys
      .map((key, i) => ({ key, row: rows[i]! }))
      .filter((r) => !selected.includes(r.key));
    setKeys(keep.map((r) => r.key));
    setSelected([]);
    onChange(keep.map((r) => r.row));
  };

  const move = (from: number, to: number) => {
    setKeys(arrayMove(rowKeys, from, to));
    const moved = arrayMove([...rows], from, to);
    // A fixed-length field's place in the record is its order: positions follow the new order.
    onChange(layout === 'fixedLength' ? reflowFixedLength(moved) : moved);
  };

  const editCell = (index: number, field: FieldDefinitionCell, value: string) => {
    onChange(rows.map((row, i) => (i === index ? { ...row, [field]: value } : row)));
  };

  const errorAt = (row: FieldTableRow, field: FieldDefinitionCell) =>
    showErrors || touched.has(`${row.key}:${field}`)
      ? errors.cells.get(row.index)?.[field]
      : undefined;

  const downloadSample = () => {
    const text = fixedLengthSampleText(rows);
    saveFile({
      blob: new Blob([text], { type: 'text/plain' }),
      fileName: 'fixed-length-sample.txt',
    });
  };

  return (
    <section aria-labelledby="field-definitions-title" className="field-definitions">
      {confirmHolder}
      <Typography.Title level={2} id="field-definitions-title">
        Field Definitions
      </Typography.Title>
      {!readOnly && (
        <>
          <Radio.Group
            value={definitionMode}
            onChange={(event) => chooseMode(event.target.value as FieldDefinitionMode)}
            aria-label="How to define the fields"
            options={[
              { value: 'sample', label: 'Use Sample File' },
              { value: 'manual', label: 'Define Fields Manually' },
            ]}
          />
          {definitionMode === 'sample' ? (
            <SampleFileForm
              {...props}
              layout={layout}
              hasRows={rows.length > 0}
              confirm={confirm}
              onFields={replaceAll}
            />
          ) : (
            <ManualForm
              layout={layout}
              hasRows={rows.length > 0}
              confirm={confirm}
              onInitialize={replaceAll}
              onLimit={showLimit}
            />
          )}
        </>
      )}
      {limitShown && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={M.maxFields}
          className="field-definitions__notice"
        />
      )}
      {showErrors &&
        errors.table.map((message) => (
          <Alert
            key={message}
            type="error"
            showIcon
            role="alert"
            title={message}
            className="field-definitions__notice"
          />
        ))}
      {!readOnly && (
        <Space wrap className="field-definitions__toolbar">
          <Button onClick={() => void addField()}>Add Field</Button>
          <Button danger disabled={selected.length === 0} onClick={() => void deleteFields()}>
            Delete Field
          </Button>
          <span className="field-definitions__count" aria-live="polite">
            {rows.length} field{rows.length === 1 ? '' : 's'}
          </span>
          {layout === 'fixedLength' && rows.length > 0 && (
            <Button type="link" className="field-definitions__sample" onClick={downloadSample}>
              Download Sample File
            </Button>
          )}
        </Space>
      )}
      <FieldDefinitionsTable
        layout={layout}
        rows={tableRows}
        readOnly={readOnly}
        selectedKeys={selected}
        onSelect={setSelected}
        onCell={editCell}
        onBlurCell={(key, field) => setTouched((before) => new Set(before).add(`${key}:${field}`))}
        onMove={move}
        errorAt={errorAt}
      />
    </section>
  );
}

type Confirm = ReturnType<typeof useConfirmAction>[0];

/** 'Use Sample File': choose one file, Upload; the server proposes the fields. */
function SampleFileForm(
  props: FieldDefinitionsStepProps & {
    layout: FieldLayout;
    hasRows: boolean;
    confirm: Confirm;
    onFields: (rows: FieldDefinitionDraft[]) => void;
  },
) {
  const { layout, hasRows, confirm, onFields } = props;
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const propose = useProposeSampleFields();

  const upload = async () => {
    const refused = sampleFileProblem(file);
    setProblem(refused);
    if (refused || !file) return;
    if (hasRows) {
      const ok = await confirm({
        title: 'Override Fields',
        content: M.overwriteConfirm,
        action: 'Upload',
      });
      if (!ok) return;
    }
    propose.reset();
    const answer = await propose
      .mutateAsync({
        file,
        mediaType: props.mediaType,
        delimiter: props.delimiter,
        customDelimiter: props.customDelimiter,
        fileHasHeaderRow: props.fileHasHeaderRow,
      })
      .catch(() => null);
    if (answer) {
      onFields(rowsFromProposedFields(layout, answer.fields));
      props.onSampleFile?.(answer.fileStorageId);
    }
  };

  const failure = propose.isError ? describeError(propose.error).description : null;
  return (
    <div className="field-definitions__source">
      <Form layout="vertical" component="div">
        <Form.Item
          label="Sample File"
          validateStatus={problem ? 'error' : undefined}
          help={problem ?? `${SAMPLE_FILE_EXTENSIONS.join(', ')}; at most 50 MB`}
        >
          <Space wrap>
            <Upload
              accept={SAMPLE_FILE_EXTENSIONS.join(',')}
              maxCount={1}
              showUploadList={false}
              beforeUpload={(chosen) => {
                setFile(chosen);
                setProblem(sampleFileProblem(chosen));
                return false;
              }}
            >
              <Button icon={<UploadOutlined />}>Select File</Button>
            </Upload>
            <span className="field-definitions__file">{file ? file.name : 'No file selected'}</span>
            <Button type="primary" loading={propose.isPending} onClick={() => void upload()}>
              Upload
            </Button>
          </Space>
        </Form.Item>
      </Form>
      {failure && (
        <Alert type="error" showIcon role="alert" title={M.parseError} description={failure} />
      )}
    </div>
  );
}

/** 'Define Fields Manually': Number of Fields, Initialize. */
function ManualForm({
  layout,
  hasRows,
  confirm,
  onInitialize,
  onLimit,
}: {
  layout: FieldLayout;
  hasRows: boolean;
  confirm: Confirm;
  onInitialize: (rows: FieldDefinitionDraft[]) => void;
  onLimit: () => void;
}) {
  const [count, setCount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const initialize = async () => {
    const refused = numberOfFieldsProblem(count);
    if (refused === M.maxFields) {
      setProblem(null);
      onLimit();
      return;
    }
    setProblem(refused);
    if (refused) return;
    if (hasRows) {
      const ok = await confirm({
        title: 'Re-initialize Fields',
        content: M.reinitializeConfirm,
        action: 'Initialize',
      });
      if (!ok) return;
    }
    const rows = initialFieldRows(Number(count));
    // The first fixed-length field starts the record.
    if (layout === 'fixedLength' && rows[0]) rows[0] = { ...rows[0], start: 1 };
    onInitialize(rows);
  };

  return (
    <Form layout="inline" component="div" className="field-definitions__source">
      <Form.Item
        label="Number of Fields"
        htmlFor="field-definitions-count"
        validateStatus={problem ? 'error' : undefined}
        help={problem}
      >
        <Input
          id="field-definitions-count"
          inputMode="numeric"
          value={count}
          onChange={(event) => {
            const text = event.target.value;
            setCount(text);
            // Digits only, said while typing (spec 3 §5); the other rules wait for Initialize.
            setProblem(/^\d*$/.test(text) ? null : M.numberOfFieldsNumeric);
          }}
          onPressEnter={() => void initialize()}
          style={{ width: 120 }}
        />
      </Form.Item>
      <Form.Item>
        <Button onClick={() => void initialize()}>Initialize</Button>
      </Form.Item>
    </Form>
  );
}
