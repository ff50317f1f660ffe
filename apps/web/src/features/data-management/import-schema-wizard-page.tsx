import { Alert, Breadcrumb, Button, Form, Result, Space, Spin, Steps, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import {
  IMPORT_SCHEMA_MESSAGES,
  IMPORT_SCHEMA_WIZARD_MESSAGES,
  IMPORT_SCHEMA_WIZARD_STEPS,
  canCloneImportSchema,
  hasFieldDefinitions,
  importSchemaInput,
  importSchemaWizardMode,
  importerTypeLabel,
  validateFieldDefinitions,
  visibleWizardSteps,
  wizardBack,
  wizardButtons,
  wizardChipsClickable,
  wizardModeTag,
  wizardNext,
  wizardShowsAttachments,
  wizardShowsHeader,
  type FieldDefinitionDraft,
  type GeneratedTemplate,
  type ImportSchema,
  type ImportSchemaWizardMode,
  type ImportSchemaWizardStep,
} from '@pillar/domain';
import { hasStatus, isApiError } from '../../shared/api/api-error.ts';
import { describeError } from '../../shared/notifications/notify.ts';
import { useConfirmAction } from '../../shared/page/confirm-action.tsx';
import { usePageTitle } from '../../shared/page/use-page-title.ts';
import { usePermissions } from '../../shared/permissions/user-access.ts';
import { useImportSchema, useSaveImportSchema } from '../../entities/import-schema/index.ts';
import {
  copyTemplate,
  unmapped834TemplateId,
  createReadSchema,
  generateTemplate,
  standardWriteSchemaId,
  type MappingEditorHandle,
} from '../../entities/mapping-template/index.ts';
import { AdvancedOptionsStep } from './advanced-options-step.tsx';
import { DescriptionStep, SchemaAttachments } from './description-step.tsx';
import { FieldDefinitionsStep, fieldLayoutOf } from './field-definitions-step.tsx';
import { FileDefinitionStep } from './file-definition-step.tsx';
import {
  newSchemaValues,
  readSchemaOf,
  schemaToSave,
  storedFieldDrafts,
  storedSchemaValues,
  type WizardFormValues,
} from './import-schema-values.ts';
import { MappingStep } from './mapping-step.tsx';
import { CREATE_SCHEMA_PATH, IMPORTS_PATH, editSchemaPath, schemaPath } from './paths.ts';
import './data-management.css';

/** What Clone hands to the create page: the schema whose template is copied. */
interface CloneState {
  cloneOf?: number;
}

/**
 * The import schema wizard (spec 3 §2 "Import schema wizard", §4; decision 0112) at
 * /import-schema (create), /import-schema/{id} (view) and /import-schema/{id}/edit. Clone goes to
 * the create URL with the copied schema's number, so the address always says the mode.
 */
export default function ImportSchemaWizardPage() {
  const { id } = useParams();
  const location = useLocation();
  const mode = importSchemaWizardMode(id, location.pathname);
  const cloneOf = mode === 'create' ? (location.state as CloneState | null)?.cloneOf : undefined;
  const sourceId = id !== undefined ? Number(id) : (cloneOf ?? null);
  const validId = sourceId === null || (Number.isInteger(sourceId) && sourceId > 0);
  const source = useImportSchema(validId ? sourceId : null);
  usePageTitle(mode === 'create' ? 'Create Import Schema' : 'Import Schema');

  if (!validId || (source.isError && hasStatus(source.error, 400, 404))) {
    return (
      <section className="page">
        <Result
          status="404"
          title="Import schema not found"
          subTitle={STATUS_404}
          extra={<Link to={IMPORTS_PATH}>Return to Imports</Link>}
        />
      </section>
    );
  }
  if (source.isError) {
    return (
      <section className="page">
        <Alert type="error" showIcon title={describeError(source.error).description} />
      </section>
    );
  }
  if (sourceId !== null && !source.data) {
    return (
      <section className="page">
        <Spin description="Loading the schema" />
      </section>
    );
  }
  // Edit-own holders may edit only their own schemas (spec 3 §2): another's opens read-only.
  if (mode === 'edit' && source.data && !source.data.canEdit) {
    return <Navigate to={schemaPath(source.data.id)} replace />;
  }
  // Keyed by the address and the copied schema: Clone and a new id start a fresh wizard.
  return (
    <ImportSchemaWizard
      key={`${location.pathname}:${cloneOf ?? ''}`}
      mode={mode}
      stored={mode === 'create' ? null : (source.data ?? null)}
      template={source.data ?? null}
    />
  );
}

const STATUS_404 = 'This resource does not exist.';

interface WizardProps {
  mode: ImportSchemaWizardMode;
  /** The schema being viewed or edited; null while creating (also a clone). */
  stored: ImportSchema | null;
  /** Where the form's values come from: the stored schema, or the schema a clone copies. */
  template: ImportSchema | null;
}

function ImportSchemaWizard({ mode, stored, template }: WizardProps) {
  const navigate = useNavigate();
  const { claims, permissions } = usePermissions();
  const [form] = Form.useForm<WizardFormValues>();
  const [confirm, confirmHolder] = useConfirmAction();
  const save = useSaveImportSchema();
  const cloning = mode === 'create' && template !== null;
  const [initialValues] = useState<WizardFormValues>(() => {
    if (!template) return newSchemaValues();
    const values = storedSchemaValues(template);
    // Clone (spec 3 §4): the name is cleared; the copy is a new, active schema of its own.
    return cloning ? { ...values, name: '', processStatus: 1, dmTemplateId: null } : values;
  });
  const [fields, setFields] = useState<FieldDefinitionDraft[]>(() =>
    template ? storedFieldDrafts(template) : [],
  );
  const [fieldsTouched, setFieldsTouched] = useState(false);
  const [step, setStep] = useState<ImportSchemaWizardStep>(1);
  const [problem, setProblem] = useState<{ title: string; details: string[] } | null>(null);
  // Step 3 (decision 0134): the sample file of step 2, the template generated from the field
  // table until Next saves it, and the mapping editor Next checks and saves.
  const [sampleFileId, setSampleFileId] = useState<string | null>(null);
  const [generated, setGenerated] = useState<GeneratedTemplate | null>(null);
  const [preparing, setPreparing] = useState(false);
  const [prepareError, setPrepareError] = useState<string | null>(null);
  const mappingEditor = useRef<MappingEditorHandle>(null);
  /** The template of the schema a clone copies (its mapping is copied on the way to step 3). */
  const cloneTemplateId = cloning ? (template?.dmTemplateId ?? null) : null;

  const name = Form.useWatch('name', { form, preserve: true }) as string | undefined;
  const importerType = Form.useWatch('importerType', { form, preserve: true }) as
    number | undefined;
  const mediaType = Form.useWatch('mediaType', { form, preserve: true }) ?? initialValues.mediaType;
  const definitionMode = Form.useWatch('fieldDefinitionMode', { form, preserve: true });
  const dmTemplateId =
    Form.useWatch<number | null | undefined>('dmTemplateId', { form, preserve: true }) ??
    initialValues.dmTemplateId ??
    null;
  // Step 1's values as the form keeps them (preserved while step 1 is not shown); read only once
  // the form is mounted, i.e. never on the first render, which is step 1's.
  const stepOne = step === 2 ? (form.getFieldsValue(true) as WizardFormValues) : initialValues;
  const [showFieldErrors, setShowFieldErrors] = useState(false);
  const shape = { legacy: importerType === 0, edi: mediaType === 'edi' };
  const visible = visibleWizardSteps(shape);
  const editor = { userNo: claims.userNo, permissions };
  const buttons = wizardButtons(step, mode, canCloneImportSchema(editor));
  const view = mode === 'view';
  const tag = wizardModeTag(mode);

  const changeFields = (next: FieldDefinitionDraft[]) => {
    setFields(next);
    setFieldsTouched(true);
  };

  /** Checks what this step holds before leaving it forward; false keeps the user on it. */
  const stepIsValid = async (): Promise<boolean> => {
    if (view) return true;
    if (step === 2) {
      const issues = validateFieldDefinitions(fieldLayoutOf(mediaType ?? 'csv'), fields);
      setShowFieldErrors(issues.length > 0);
      if (issues.length > 0) {
        setProblem({
          title: 'The field definitions need attention',
          details: [...new Set(issues.map((issue) => issue.message))],
        });
        return false;
      }
      return true;
    }
    try {
      await form.validateFields();
      return true;
    } catch {
      return false;
    }
  };

  /**
   * The mapping of the field table as it is now (spec 3 §4 "generate the mapping"): a read schema
   * of the fields, then a template generated onto the standard eligibility write schema with the
   * sample file (Percent Populated). Nothing is saved until Next on step 3.
   */
  const prepareMapping = async (copyOf: number | null = null) => {
    setPreparing(true);
    setPrepareError(null);
    try {
      if (copyOf !== null || shape.edi) {
        // A clone copies its source's template; a new EDI-834 schema the layout's unmapped one.
        const values = form.getFieldsValue(true) as WizardFormValues;
        const copy = await copyTemplate(
          copyOf ?? (await unmapped834TemplateId(values.edi834Filename ?? '')),
        );
        form.setFieldValue('dmTemplateId', copy.id);
        setGenerated(null);
        return;
      }
      const values = form.getFieldsValue(true) as WizardFormValues;
      const read = await createReadSchema(readSchemaOf(values, fields));
      const writeId = await standardWriteSchemaId('eligibility');
      setGenerated(
        await generateTemplate({ readId: read.id, writeId, fileStorageId: sampleFileId }),
      );
      setFieldsTouched(false);
    } catch (error) {
      setPrepareError(describeError(error).description);
    } finally {
      setPreparing(false);
    }
  };

  const onNext = async () => {
    setProblem(null);
    if (!(await stepIsValid())) return;
    if (step === 3 && !view && (preparing || prepareError)) {
      // The mapping is not there yet: leaving would save a schema without its template.
      if (prepareError) setProblem({ title: 'The mapping could not be prepared', details: [] });
      return;
    }
    const editor = step === 3 && !view ? mappingEditor.current : null;
    const next = wizardNext(step, shape, {
      mode,
      fieldsTouched,
      unmappedRequired: editor?.hasUnmappedRequired() ?? false,
    });
    if (next.kind === 'blocked') {
      setProblem({ title: next.message, details: [] });
      return;
    }
    if (next.kind === 'finish') {
      if (next.action === 'done') void navigate(IMPORTS_PATH);
      else await onSave();
      return;
    }
    // Step 3's template: created by the first Next, updated after; the schema keeps its id.
    if (next.effect === 'saveTemplate' && editor && !(await editor.save())) return;
    if (next.effect === 'createTemplateCopy' && dmTemplateId === null) {
      // EDI-834 (spec 3 §4): the mapping starts from a copy of the 834 template, made once.
      void prepareMapping(cloneTemplateId);
    }
    const mapsFields = !view && !shape.legacy && !shape.edi && fields.length > 0;
    if (next.step === 3 && mapsFields) {
      // Clone (spec 3 §4): the copy maps with a copy of the template while its fields are as copied.
      if (cloneTemplateId !== null && dmTemplateId === null && !fieldsTouched) {
        void prepareMapping(cloneTemplateId);
      } else if (
        next.effect === 'generateMapping' ||
        (dmTemplateId === null && generated === null)
      ) {
        void prepareMapping();
      }
    }
    setStep(next.step);
  };

  const onSave = async () => {
    const values = form.getFieldsValue(true) as WizardFormValues;
    const withFields = hasFieldDefinitions({
      importerType: values.importerType ?? 1,
      mediaType: values.mediaType ?? 'csv',
    });
    const body = schemaToSave(values, fields, withFields);
    const checked = importSchemaInput.safeParse(body);
    if (!checked.success) {
      setProblem({
        title: IMPORT_SCHEMA_MESSAGES.saveFailed,
        details: [...new Set(checked.error.issues.map((issue) => issue.message))],
      });
      return;
    }
    try {
      await save.mutateAsync({ no: stored?.id ?? null, values: body });
      void navigate(IMPORTS_PATH);
    } catch (error) {
      const params = isApiError(error) ? Object.values(error.params ?? {}) : [];
      setProblem({
        title: IMPORT_SCHEMA_MESSAGES.saveFailed,
        details: params.length > 0 ? params : [describeError(error).description],
      });
    }
  };

  const onBack = () => {
    setProblem(null);
    const back = wizardBack(step, shape);
    if (back === 'imports') void navigate(IMPORTS_PATH);
    else setStep(back);
  };

  const onClone = () => {
    if (!stored) return;
    void navigate(CREATE_SCHEMA_PATH, { state: { cloneOf: stored.id } satisfies CloneState });
  };

  const confirmFileTypeChange = () =>
    confirm({
      title: IMPORT_SCHEMA_WIZARD_MESSAGES.fileTypeChangeTitle,
      content: IMPORT_SCHEMA_WIZARD_MESSAGES.fileTypeChangeText,
      action: 'Change File Type',
      danger: true,
    });

  const chipsClickable = wizardChipsClickable(mode);
  const title =
    mode === 'create'
      ? cloning
        ? 'Clone Import Schema'
        : 'Create Import Schema'
      : 'Import Schema';

  return (
    <section className="page import-schema-wizard">
      {confirmHolder}
      <Breadcrumb
        className="page-breadcrumb"
        items={[
          { title: 'Data Management' },
          { title: <Link to={IMPORTS_PATH}>Imports</Link> },
          { title: stored ? stored.name : title },
        ]}
      />
      <header className="import-schema-wizard__header">
        <Typography.Title level={1}>{title}</Typography.Title>
        {tag && <Tag className={`import-schema-mode import-schema-mode--${mode}`}>{tag}</Tag>}
      </header>
      {wizardShowsHeader(step) && (
        <dl className="import-schema-summary" aria-label="Schema">
          <div>
            <dt>Schema Name</dt>
            <dd>{name || '—'}</dd>
          </div>
          <div>
            <dt>Importer Type</dt>
            <dd>{importerType === undefined ? '—' : importerTypeLabel(importerType)}</dd>
          </div>
        </dl>
      )}
      <Steps
        className="import-schema-steps"
        size="small"
        current={visible.indexOf(step)}
        onChange={chipsClickable ? (index) => setStep(visible[index] ?? step) : undefined}
        items={visible.map((s) => ({
          title: IMPORT_SCHEMA_WIZARD_STEPS.find((item) => item.step === s)?.title,
          disabled: !chipsClickable,
        }))}
      />
      {problem && (
        <Alert
          type="error"
          showIcon
          className="import-schema-problem"
          title={problem.title}
          description={
            problem.details.length > 0 ? (
              <ul>
                {problem.details.map((detail) => (
                  <li key={detail}>{detail}</li>
                ))}
              </ul>
            ) : undefined
          }
          closable={{ closeIcon: true, onClose: () => setProblem(null), 'aria-label': 'Close' }}
        />
      )}
      <Form<WizardFormValues>
        form={form}
        name="import-schema"
        layout="vertical"
        disabled={view}
        initialValues={initialValues}
        className="import-schema-form"
        // Enter must not jump steps: Next validates and decides where to go.
        onFinish={() => undefined}
      >
        {step === 1 && (
          <FileDefinitionStep
            fieldCount={fields.length}
            confirmFileTypeChange={confirmFileTypeChange}
            onClearFields={() => changeFields([])}
          />
        )}
        {step === 2 && (
          <FieldDefinitionsStep
            mode={mode}
            mediaType={mediaType ?? 'csv'}
            delimiter={stepOne.fileDelimiter ?? null}
            customDelimiter={stepOne.customDelimiter ?? null}
            fileHasHeaderRow={stepOne.fileHasHeaderRow ?? true}
            rows={fields}
            onChange={changeFields}
            onSampleFile={setSampleFileId}
            definitionMode={definitionMode ?? null}
            onDefinitionModeChange={(next) => form.setFieldValue('fieldDefinitionMode', next)}
            hasTemplate={(stored?.dmTemplateId ?? null) !== null}
            showErrors={showFieldErrors}
          />
        )}
        {step === 3 && (
          <MappingStep
            mode={mode}
            edi={shape.edi}
            fieldNames={fields.map((f) => f.fieldName ?? '').filter((n) => n.trim() !== '')}
            templateId={dmTemplateId}
            generated={generated}
            preparing={preparing}
            prepareError={prepareError}
            onRetry={() =>
              void prepareMapping(
                cloneTemplateId !== null && dmTemplateId === null && !fieldsTouched
                  ? cloneTemplateId
                  : null,
              )
            }
            editorRef={mappingEditor}
            onSaved={(saved) => {
              form.setFieldValue('dmTemplateId', saved.id);
              setGenerated(null);
            }}
          />
        )}
        {step === 4 && <AdvancedOptionsStep />}
        {step === 5 && <DescriptionStep />}
      </Form>
      {step === 5 && (
        <SchemaAttachments
          schemaNo={wizardShowsAttachments(mode) ? (stored?.id ?? null) : null}
          canChange={mode === 'edit' && (stored?.canEdit ?? false)}
        />
      )}
      <footer className="import-schema-wizard__buttons">
        <Space wrap>
          {buttons.returnToImports && (
            <Button onClick={() => void navigate(IMPORTS_PATH)}>Return to Imports</Button>
          )}
          {buttons.back && <Button onClick={onBack}>Back</Button>}
          {buttons.clone && stored && <Button onClick={onClone}>Clone</Button>}
        </Space>
        <Space wrap>
          {mode === 'view' && stored?.canEdit && step === 1 && (
            <Link to={editSchemaPath(stored.id)}>Edit</Link>
          )}
          {buttons.next && (
            <Button type="primary" onClick={() => void onNext()}>
              Next
            </Button>
          )}
          {buttons.save && (
            <Button type="primary" loading={save.isPending} onClick={() => void onNext()}>
              Save
            </Button>
          )}
          {buttons.done && (
            <Button type="primary" onClick={() => void onNext()}>
              Done
            </Button>
          )}
        </Space>
      </footer>
    </section>
  );
}
