import { UploadOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Form,
  Input,
  Modal,
  Radio,
  Select,
  Skeleton,
  Space,
  Upload,
  type FormRule,
  type UploadFile,
} from 'antd';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  CALLER_NAME_MAX_LENGTH,
  CALLER_LOCATION_MAX_LENGTH,
  CALLER_NPI_MAX_LENGTH,
  CALLER_PHONE_MAX_LENGTH,
  CALLER_TYPES,
  CALL_ID_MAX_LENGTH,
  COMMUNICATION_METHODS,
  FURTHER_ACTIONS,
  ISSUE_ATTACHMENT_EXTENSIONS,
  ISSUE_ATTACHMENT_MAX_FILES,
  ISSUE_DETAILS_MAX_LENGTH,
  ISSUE_FIELD_LABELS as LABELS,
  ISSUE_MESSAGES,
  locationRequirement,
  npiRequirement,
  paIdentifiersOf,
  phoneRequired,
  type IssueDetail,
  type PaCase,
} from '@pillar/domain';
import {
  IssueDrawer,
  IssueLoadFailed,
  issueFailureText,
  useCreateIssue,
  useIssue,
  useIssueTypes,
} from '../../entities/issue/index.ts';
import {
  usePriorAuthCases,
  usePriorAuthPlanHistory,
  type PaMemberRecord,
} from '../../entities/prior-auth/index.ts';
import {
  clearCallNotesDraft,
  readCallNotesDraft,
  writeCallNotesDraft,
} from './call-notes-storage.ts';
import {
  CALL_NOTES_DEFAULTS,
  attachmentProblems,
  fieldProblem,
  showsEocs,
  toIssueForm,
  underEmailLimit,
  valuesOfIssue,
  type CallNotesSubject,
  type CallNotesValues,
} from './call-notes-rules.ts';

interface FormValues extends CallNotesValues {
  files?: UploadFile[];
}

export interface CallNotesFormProps {
  subject: CallNotesSubject;
  /** The member is still loading: the form waits (spec 2 §4). */
  loading?: boolean;
  /** The member as the PA system knows them: the EOC select lists their PA cases. */
  paMember?: PaMemberRecord | null;
}

const CALLER_TYPE_OPTIONS = CALLER_TYPES.map((c) => ({ value: c.value, label: c.label }));
const METHOD_OPTIONS = COMMUNICATION_METHODS.map((m) => ({ value: m, label: m }));
const ACTION_OPTIONS = FURTHER_ACTIONS.map((a) => ({ value: a, label: a }));
/** The saved note's fields shown only when the note has them. */
const SAVED_IF_GIVEN = ['phoneNo', 'location', 'npi'] as const;

function chosenFiles(list: readonly UploadFile[] | undefined): File[] {
  return (list ?? []).flatMap((item) => (item.originFileObj ? [item.originFileObj] : []));
}

function localToday(): string {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

function issueIdOf(value: string | null): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 && n <= 2_147_483_647 ? n : null;
}

/** The fields a draft keeps: everything but the files. */
function draftOf(values: FormValues): Record<string, unknown> {
  const { files: _files, ...rest } = values;
  return { ...rest };
}

/**
 * The notes form (spec 2 §4, §5 "Notes form"): who called and how, the issue type and sub type,
 * the EOCs, the details, further action and attachments. Every rule is the domain's schema, the
 * one the server checks. The draft lives in session storage; a saved note shows read-only with
 * its number in the URL (`issueId`) and View Details.
 */
export function CallNotesForm({ subject, loading = false, paMember }: CallNotesFormProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const savedIssueNo = issueIdOf(searchParams.get('issueId'));
  const startNew = () =>
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('issueId');
        return next;
      },
      { replace: true },
    );
  if (savedIssueNo !== null) return <SavedNote issueNo={savedIssueNo} onNew={startNew} />;
  return (
    <EditableNote
      subject={subject}
      loading={loading}
      paMember={paMember ?? null}
      onSaved={(issueNo) =>
        setSearchParams((prev) => {
          const next = new URLSearchParams(prev);
          next.set('issueId', String(issueNo));
          return next;
        })
      }
    />
  );
}

function EditableNote({
  subject,
  loading,
  paMember,
  onSaved,
}: {
  subject: CallNotesSubject;
  loading: boolean;
  paMember: PaMemberRecord | null;
  onSaved: (issueNo: number) => void;
}) {
  const [form] = Form.useForm<FormValues>();
  const [initialValues] = useState<FormValues>(() => ({
    ...CALL_NOTES_DEFAULTS,
    ...(readCallNotesDraft() as CallNotesValues | null),
  }));
  const [blocked, setBlocked] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [saved, setSaved] = useState<IssueDetail>();
  const create = useCreateIssue();
  const types = useIssueTypes();

  const relationship = Form.useWatch('relationship', form) ?? initialValues.relationship;
  const method = Form.useWatch('communicationMethod', form) ?? initialValues.communicationMethod;
  const typeNo = Form.useWatch('memberIssueTypeNo', form) ?? initialValues.memberIssueTypeNo;
  const files = Form.useWatch('files', form);

  // The EOCs: the member's PA cases, when their current reviewer is the PA partner.
  const ids = subject.mode === 'member' && paMember ? paIdentifiersOf(paMember) : null;
  const cases = usePriorAuthCases(ids);
  const reviewers = usePriorAuthPlanHistory(ids);
  const paCases: readonly PaCase[] = useMemo(() => cases.data?.data ?? [], [cases.data]);
  const eocsShown = showsEocs(subject, reviewers.data?.data, localToday());

  const location = locationRequirement(relationship);
  const npi = npiRequirement(relationship);
  const subTypes =
    types.data?.data
      .find((t) => t.memberIssueTypeNo === typeNo)
      ?.subTypes.map((s) => ({
        value: s.memberIssueSubTypeNo,
        label: s.name,
      })) ?? [];

  /** A field's rule: its message under the domain's schema (the server's own check). */
  const rule = (field: keyof CallNotesValues): FormRule => ({
    validator: async () => {
      const problem = fieldProblem(form.getFieldsValue(true) as FormValues, field, subject);
      if (problem) throw new Error(problem);
    },
  });

  /** A checked field's label, name and rule: the label the domain gives it. */
  const checked = (field: keyof CallNotesValues & keyof typeof LABELS) => ({
    label: LABELS[field],
    name: field,
    rules: [rule(field)],
  });

  const fileRule: FormRule = {
    validator: async (_rule, value: UploadFile[] | undefined) => {
      const list = (value ?? []).map((f) => ({ name: f.name, size: f.size ?? 0 }));
      const problem = attachmentProblems(list).find((p) => p !== null);
      if (problem) throw new Error(problem);
    },
  };

  // The field's message names the file it is about (the domain's messages do).
  const fileList = (files ?? []).map((f) => ({ name: f.name, size: f.size ?? 0 }));

  const submit = async (values: FormValues) => {
    if (subject.mode === 'search') {
      setBlocked(true);
      return;
    }
    setFailure(undefined);
    try {
      const issue = await create.mutateAsync({
        form: toIssueForm(values, subject, paCases),
        files: chosenFiles(values.files),
      });
      clearCallNotesDraft();
      setSaved(issue);
    } catch (error) {
      setFailure(issueFailureText(error));
    }
  };

  return (
    <>
      <Form<FormValues>
        form={form}
        name="call-notes"
        layout="vertical"
        aria-label="Call Notes form"
        disabled={loading}
        initialValues={{ ...initialValues, files: [] }}
        onFinish={(values) => void submit(values)}
        onValuesChange={(changed: Partial<FormValues>, all: FormValues) => {
          setBlocked(false);
          // Choosing an issue type clears the sub type (spec 2 §4).
          if ('memberIssueTypeNo' in changed) {
            form.setFieldValue('memberIssueSubTypeNo', undefined);
            all = { ...all, memberIssueSubTypeNo: undefined };
          }
          // A caller type without a location or NPI drops what was typed there.
          if ('relationship' in changed) {
            const next = { ...all };
            if (locationRequirement(changed.relationship) === 'dropped') next.location = undefined;
            if (npiRequirement(changed.relationship) === 'dropped') next.npi = undefined;
            form.setFieldsValue({ location: next.location, npi: next.npi });
            all = next;
          }
          writeCallNotesDraft(draftOf(all));
        }}
      >
        <Form.Item {...checked('name')} required>
          <Input maxLength={CALLER_NAME_MAX_LENGTH} autoComplete="off" />
        </Form.Item>
        <Form.Item {...checked('relationship')} required>
          <Select options={CALLER_TYPE_OPTIONS} placeholder="Select caller type" />
        </Form.Item>
        <Form.Item label={LABELS.communicationMethod} name="communicationMethod" required>
          <Radio.Group options={METHOD_OPTIONS} optionType="button" />
        </Form.Item>
        <Form.Item
          {...checked('phoneNo')}
          required={phoneRequired(method)}
          dependencies={['communicationMethod']}
        >
          <Input maxLength={CALLER_PHONE_MAX_LENGTH} inputMode="tel" autoComplete="off" />
        </Form.Item>
        {location !== 'dropped' && (
          <Form.Item
            {...checked('location')}
            required={location === 'required'}
            dependencies={['relationship']}
          >
            <Input maxLength={CALLER_LOCATION_MAX_LENGTH} autoComplete="off" />
          </Form.Item>
        )}
        {npi !== 'dropped' && (
          <Form.Item
            {...checked('npi')}
            required={npi === 'required'}
            dependencies={['relationship']}
          >
            <Input maxLength={CALLER_NPI_MAX_LENGTH} inputMode="numeric" autoComplete="off" />
          </Form.Item>
        )}
        <Form.Item {...checked('callId')}>
          <Input maxLength={CALL_ID_MAX_LENGTH} autoComplete="off" />
        </Form.Item>
        <Form.Item {...checked('memberIssueTypeNo')} required>
          <Select
            loading={types.isPending}
            placeholder="Select issue type"
            options={types.data?.data.map((t) => ({ value: t.memberIssueTypeNo, label: t.name }))}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </Form.Item>
        <Form.Item {...checked('memberIssueSubTypeNo')} required>
          <Select
            placeholder={typeNo ? 'Select sub type' : 'Select an issue type first'}
            options={subTypes}
            disabled={!typeNo}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </Form.Item>
        {eocsShown && (
          <Form.Item label={LABELS.eocs} name="eocs">
            <Select
              mode="multiple"
              loading={cases.isPending}
              placeholder="Select EOCs"
              options={paCases.map((c) => ({
                value: c.PACaseId,
                label: `${c.PACaseId} — ${c.ServiceName}`,
              }))}
              notFoundContent="No PA cases"
            />
          </Form.Item>
        )}
        <Form.Item {...checked('comment')} required>
          <Input.TextArea rows={4} maxLength={ISSUE_DETAILS_MAX_LENGTH} />
        </Form.Item>
        <Form.Item {...checked('furtherActionNeeded')} required>
          <Select options={ACTION_OPTIONS} placeholder="Select further action" />
        </Form.Item>
        <Form.Item
          label="Attachments"
          name="files"
          valuePropName="fileList"
          getValueFromEvent={(event: { fileList: UploadFile[] }) => event.fileList}
          rules={[fileRule]}
          extra={
            <>
              Up to {ISSUE_ATTACHMENT_MAX_FILES} files of 200 MB each, names up to 60 characters:{' '}
              {ISSUE_ATTACHMENT_EXTENSIONS.join(', ')}.
              {!underEmailLimit(fileList) && (
                <div role="status">{ISSUE_MESSAGES.emailTooLarge}</div>
              )}
            </>
          }
        >
          <Upload
            multiple
            accept={ISSUE_ATTACHMENT_EXTENSIONS.join(',')}
            beforeUpload={() => false}
          >
            <Button icon={<UploadOutlined />}>Attach Files</Button>
          </Upload>
        </Form.Item>
        {blocked && (
          <Alert
            type="warning"
            showIcon
            role="alert"
            title={ISSUE_MESSAGES.selectMember}
            description={
              <>
                Find the member first, or record the call under{' '}
                <Link to="/agent/member-not-found">Unable to Locate Member</Link>.
              </>
            }
            className="agent-notes__alert"
          />
        )}
        {failure && (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={failure}
            className="agent-notes__alert"
          />
        )}
        {/* In search mode there is no member to save for: say so before checking anything. */}
        <Button
          type="primary"
          htmlType={subject.mode === 'search' ? 'button' : 'submit'}
          onClick={subject.mode === 'search' ? () => setBlocked(true) : undefined}
          loading={create.isPending}
          block
        >
          Save Notes
        </Button>
      </Form>
      <Modal
        open={saved !== undefined}
        title={ISSUE_MESSAGES.successTitle}
        closable={false}
        footer={
          <Button
            type="primary"
            onClick={() => {
              const issueNo = saved!.issueNo;
              setSaved(undefined);
              onSaved(issueNo);
            }}
          >
            OK
          </Button>
        }
      >
        {saved && (
          <p>
            Issue # {saved.issueNo} was saved. Status: <strong>{saved.processStatusName}</strong>
          </p>
        )}
      </Modal>
    </>
  );
}

/** A saved note, read-only, with View Details (the issue drawer) and a fresh note. */
function SavedNote({ issueNo, onNew }: { issueNo: number; onNew: () => void }) {
  const issue = useIssue(issueNo);
  const types = useIssueTypes();
  const [open, setOpen] = useState(false);
  if (issue.isPending) return <Skeleton active aria-label="Loading the saved note" />;
  if (issue.isError) {
    return (
      <>
        <IssueLoadFailed />
        <Button onClick={onNew} className="agent-notes__new">
          New Note
        </Button>
      </>
    );
  }
  const values = valuesOfIssue(issue.data);
  const typeName = issue.data.memberIssueTypeName;
  const subTypeName = issue.data.memberIssueSubtypeName;
  return (
    <>
      <Alert
        type="success"
        showIcon
        title={`Issue # ${issueNo} saved`}
        description={`Status: ${issue.data.processStatusName}`}
        className="agent-notes__alert"
      />
      <Form<CallNotesValues>
        name="call-notes-saved"
        layout="vertical"
        aria-label="Saved call notes"
        disabled
        initialValues={values}
      >
        <Form.Item label={LABELS.name} name="name">
          <Input />
        </Form.Item>
        <Form.Item label={LABELS.relationship} name="relationship">
          <Select options={CALLER_TYPE_OPTIONS} />
        </Form.Item>
        <Form.Item label={LABELS.communicationMethod} name="communicationMethod">
          <Radio.Group options={METHOD_OPTIONS} optionType="button" />
        </Form.Item>
        {SAVED_IF_GIVEN.map(
          (field) =>
            values[field] && (
              <Form.Item key={field} label={LABELS[field]} name={field}>
                <Input />
              </Form.Item>
            ),
        )}
        <Form.Item label={LABELS.memberIssueTypeNo} name="memberIssueTypeNo">
          <Select
            options={[{ value: values.memberIssueTypeNo, label: typeName }]}
            loading={types.isPending}
          />
        </Form.Item>
        <Form.Item label={LABELS.memberIssueSubTypeNo} name="memberIssueSubTypeNo">
          <Select options={[{ value: values.memberIssueSubTypeNo, label: subTypeName }]} />
        </Form.Item>
        <Form.Item label={LABELS.comment} name="comment">
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} />
        </Form.Item>
        <Form.Item label={LABELS.furtherActionNeeded} name="furtherActionNeeded">
          <Select options={ACTION_OPTIONS} />
        </Form.Item>
      </Form>
      <Space wrap>
        <Button type="primary" onClick={() => setOpen(true)}>
          View Details
        </Button>
        <Button onClick={onNew}>New Note</Button>
      </Space>
      <IssueDrawer issueNo={open ? issueNo : null} onClose={() => setOpen(false)} />
    </>
  );
}
