import { DeleteOutlined, MailOutlined, PaperClipOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Checkbox,
  Descriptions,
  Form,
  Input,
  List,
  Popconfirm,
  Select,
  Skeleton,
  Space,
  Typography,
} from 'antd';
import { useState, type ReactNode } from 'react';
import {
  ISSUE_EMAIL_CONTACTS,
  ISSUE_EMAIL_CONTACT_LABELS,
  ISSUE_MESSAGES,
  formatFileSize,
  issueCommentInput,
  type IssueAttachment,
  type IssueDetail,
  type IssueEmailContact,
} from '@pillar/domain';
import { AppDrawer } from '../../../shared/drawer/app-drawer.tsx';
import {
  notifyError,
  notifyErrorMessage,
  notifySuccess,
} from '../../../shared/notifications/notify.ts';
import {
  issueEmailRefusal,
  issueFailureText,
  useCommentOnIssue,
  useDeleteIssueAttachment,
  useDownloadIssueAttachment,
  useEmailIssue,
  useIssue,
} from '../api/issue-calls.ts';
import { formatIssueDateTime } from './issue-format.ts';
import { IssueLoadFailed } from './issue-load-failed.tsx';
import './issue.css';

export interface IssueDrawerProps {
  /** The issue shown; null closes the drawer. */
  issueNo: number | null;
  onClose: () => void;
}

/** Label and value, only when there is a value (spec 2 §2: NPI and calling-from if present). */
function item(key: string, label: string, value: ReactNode, always = true) {
  const empty = value === null || value === undefined || value === '';
  if (empty && !always) return [];
  return [{ key, label, children: empty ? '—' : value }];
}

function IssueFacts({ issue }: { issue: IssueDetail }) {
  const member =
    issue.dependentName && issue.employeeName
      ? `${issue.dependentName} (dependent of ${issue.employeeName})`
      : (issue.employeeName ?? issue.dependentName);
  const created = [formatIssueDateTime(issue.createdDate), issue.createdByName]
    .filter(Boolean)
    .join(' by ');
  const closed = issue.closedDate
    ? [formatIssueDateTime(issue.closedDate), issue.closedByName].filter(Boolean).join(' by ')
    : null;
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      className="issue-drawer__facts"
      items={[
        ...item('member', 'Member Name', member),
        ...item('memberId', 'Member ID', issue.generatedId),
        ...item('organization', 'Organization', issue.organizationName),
        ...item('case', 'Case Number', issue.salesforceId),
        ...item('callId', 'Call ID', issue.callId),
        ...item('method', 'Communication Method', issue.communicationMethod),
        ...item('callerType', 'Caller Type', issue.reportedByName),
        ...item('caller', 'Caller Name', issue.name),
        ...item('phone', 'Phone', issue.phoneNo, false),
        ...item('npi', 'NPI', issue.npi, false),
        ...item('location', 'Calling From', issue.location, false),
        ...item('created', 'Created', created),
        ...item('closed', 'Closed', closed),
        ...item('status', 'Status', issue.processStatusName),
        ...item('furtherAction', 'Further Action Needed', issue.furtherActionNeeded),
        ...item('type', 'Issue Type', issue.memberIssueTypeName),
        ...item('subType', 'Sub Type', issue.memberIssueSubtypeName),
        ...item(
          'eocs',
          'EOCs',
          issue.eocs.length > 0 ? (
            <ul className="issue-drawer__eocs">
              {issue.eocs.map((eoc) => (
                <li key={eoc.paCaseId}>
                  {eoc.paCaseId}
                  {eoc.serviceName ? ` — ${eoc.serviceName}` : ''}
                </li>
              ))}
            </ul>
          ) : null,
        ),
      ]}
    />
  );
}

/** One group of an issue's attachments (its e-mails or its other files), shown when it has any. */
function AttachmentGroup({
  label,
  title,
  files,
  renderItem,
}: {
  /** The group's accessible name. */
  label: string;
  /** The list's header. */
  title: string;
  files: IssueAttachment[];
  renderItem: (file: IssueAttachment) => ReactNode;
}) {
  if (files.length === 0) return null;
  return (
    <div role="group" aria-label={label}>
      <List
        size="small"
        header={<strong>{title}</strong>}
        dataSource={files}
        renderItem={renderItem}
      />
    </div>
  );
}

function Attachments({ issue }: { issue: IssueDetail }) {
  const download = useDownloadIssueAttachment();
  const remove = useDeleteIssueAttachment();
  const emails = issue.attachments.filter((a) => a.isEmail);
  const others = issue.attachments.filter((a) => !a.isEmail);
  const row = (file: IssueAttachment) => (
    <List.Item
      key={file.fileId}
      actions={
        file.canDelete
          ? [
              <Popconfirm
                key="delete"
                title={`Delete ${file.filename}?`}
                okText="Delete"
                onConfirm={() =>
                  remove.mutateAsync({
                    issueNo: issue.issueNo,
                    fileId: file.fileId,
                    fileName: file.filename,
                  })
                }
              >
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`Delete ${file.filename}`}
                />
              </Popconfirm>,
            ]
          : []
      }
    >
      <Button
        type="link"
        icon={file.isEmail ? <MailOutlined /> : <PaperClipOutlined />}
        onClick={() =>
          download.mutate({ issueNo: issue.issueNo, fileId: file.fileId, fileName: file.filename })
        }
      >
        {file.filename}
      </Button>
      <Typography.Text type="secondary">{formatFileSize(file.size)}</Typography.Text>
    </List.Item>
  );
  if (issue.attachments.length === 0) return <p>No attachments.</p>;
  return (
    <>
      <AttachmentGroup
        label="Attached emails"
        title="Attached Emails"
        files={emails}
        renderItem={row}
      />
      <AttachmentGroup
        label="Attached files"
        title="Attached Files"
        files={others}
        renderItem={row}
      />
    </>
  );
}

/**
 * 'E-mail issue': the issue and its attachments to one of the organization's client contacts
 * (eligibility, maintenance or invoice). Offered only while the attachments total under 24 MB;
 * a refusal (too large, no address for the contact) shows the server's detail in a notification
 * that stays open.
 */
function EmailIssue({ issue }: { issue: IssueDetail }) {
  const [contact, setContact] = useState<IssueEmailContact>('eligibilityContact');
  const email = useEmailIssue(issue.issueNo);
  const send = async () => {
    try {
      const sent = await email.mutateAsync({ contact });
      notifySuccess('E-mail Issue', ISSUE_MESSAGES.emailQueued(issue.issueNo, sent.to));
    } catch (error) {
      const refusal = issueEmailRefusal(error);
      if (refusal) notifyErrorMessage('E-mail Issue', refusal);
      else notifyError(error, 'E-mail Issue');
    }
  };
  const disabled = !issue.attachmentsEmailable;
  return (
    <Space orientation="vertical" className="issue-drawer__email">
      <Space wrap>
        <Select<IssueEmailContact>
          aria-label="Contact to e-mail"
          value={contact}
          onChange={setContact}
          disabled={disabled}
          style={{ minWidth: 200 }}
          options={ISSUE_EMAIL_CONTACTS.map((value) => ({
            value,
            label: ISSUE_EMAIL_CONTACT_LABELS[value],
          }))}
        />
        <Button
          icon={<MailOutlined />}
          disabled={disabled}
          loading={email.isPending}
          onClick={() => void send()}
        >
          E-mail issue
        </Button>
      </Space>
      {disabled && (
        <Typography.Text type="secondary">{ISSUE_MESSAGES.emailTooLarge}</Typography.Text>
      )}
    </Space>
  );
}

interface CommentValues {
  comment?: string;
  markDone?: boolean;
}

/**
 * The add-comment form (spec 2 §5 "Issue comment", §4 "Issue lifecycle"): a note is required
 * ('Add a note to mark issue as "Done"' when Done is ticked), a note without a letter or digit
 * is refused, and Done is offered only while the issue may be marked Done.
 */
function AddComment({ issue }: { issue: IssueDetail }) {
  const [form] = Form.useForm<CommentValues>();
  const comment = useCommentOnIssue(issue.issueNo);
  const [failure, setFailure] = useState<string>();
  const submit = async (values: CommentValues) => {
    const parsed = issueCommentInput.safeParse({
      comment: values.comment ?? '',
      markDone: values.markDone ?? false,
    });
    if (!parsed.success) {
      form.setFields([{ name: 'comment', errors: [parsed.error.issues[0]!.message] }]);
      return;
    }
    setFailure(undefined);
    try {
      await comment.mutateAsync(parsed.data);
      notifySuccess(
        parsed.data.markDone ? 'Issue Done' : 'Comment Added',
        parsed.data.markDone
          ? ISSUE_MESSAGES.markedDone(issue.issueNo)
          : ISSUE_MESSAGES.commentAdded(issue.issueNo),
      );
      form.resetFields();
    } catch (error) {
      const text = issueFailureText(error);
      setFailure(text);
      notifyErrorMessage('Add Comment', text);
    }
  };
  return (
    <Form<CommentValues>
      form={form}
      name={`issue-${issue.issueNo}-comment`}
      layout="vertical"
      aria-label="Add Comment"
      onFinish={(values) => void submit(values)}
      onValuesChange={(changed: CommentValues) => {
        // The message depends on Done: say the right one once the box changes.
        if ('markDone' in changed && form.getFieldError('comment').length > 0) {
          form.submit();
        }
      }}
    >
      <Form.Item label="Add a Note" name="comment" required>
        <Input.TextArea rows={3} maxLength={65535} />
      </Form.Item>
      {issue.canMarkDone && (
        <Form.Item name="markDone" valuePropName="checked">
          <Checkbox>Done</Checkbox>
        </Form.Item>
      )}
      {failure && <Alert type="error" showIcon title={failure} className="issue-drawer__error" />}
      <Button type="primary" htmlType="submit" loading={comment.isPending}>
        Add Comment
      </Button>
    </Form>
  );
}

/**
 * The issue drawer 'Issue # n' (spec 2 §2 "Member issue detail drawer", 45% wide): who called
 * and about whom, its dates, status and types, its EOCs, the details, the attachments (e-mail
 * files listed as attached e-mails), the comments, and the add-comment form.
 */
export function IssueDrawer({ issueNo, onClose }: IssueDrawerProps) {
  const issue = useIssue(issueNo);
  return (
    <AppDrawer
      open={issueNo !== null}
      onClose={onClose}
      size="issue"
      title={issueNo !== null ? `Issue # ${issueNo}` : 'Issue'}
      className="issue-drawer"
    >
      {issue.isPending && <Skeleton active aria-label="Loading the issue" />}
      {issue.isError && <IssueLoadFailed />}
      {issue.data && (
        <Space orientation="vertical" size="large" className="issue-drawer__body">
          <IssueFacts issue={issue.data} />
          <EmailIssue issue={issue.data} />
          <section aria-labelledby="issue-details-heading">
            <Typography.Title level={3} id="issue-details-heading">
              Details
            </Typography.Title>
            <p className="issue-drawer__text">{issue.data.details}</p>
          </section>
          <section aria-labelledby="issue-attachments-heading">
            <Typography.Title level={3} id="issue-attachments-heading">
              Attachments
            </Typography.Title>
            <Attachments issue={issue.data} />
          </section>
          <section aria-labelledby="issue-comments-heading">
            <Typography.Title level={3} id="issue-comments-heading">
              Comments
            </Typography.Title>
            {issue.data.comments.length === 0 ? (
              <p>No comments yet.</p>
            ) : (
              <List
                size="small"
                aria-label="Comments"
                dataSource={issue.data.comments}
                renderItem={(c) => (
                  <List.Item key={c.issueCommentNo}>
                    <div>
                      <Typography.Text type="secondary">
                        {c.createdByName}, {formatIssueDateTime(c.createdDate)}
                      </Typography.Text>
                      <p className="issue-drawer__text">{c.comment}</p>
                    </div>
                  </List.Item>
                )}
              />
            )}
            <AddComment issue={issue.data} />
          </section>
        </Space>
      )}
    </AppDrawer>
  );
}
