import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Empty, Form, Input, List, Modal, Typography } from 'antd';
import {
  INSIGHT_MESSAGE_MAX_LENGTH,
  canChangeInsight,
  insightInput,
  type Insight,
} from '@pillar/domain';
import { useEffect, useState } from 'react';
import { zodRule } from '../../../shared/forms/zod-rule.ts';
import { notifyError, notifySuccess } from '../../../shared/notifications/notify.ts';
import { useConfirmAction } from '../../../shared/page/confirm-action.tsx';
import { PanelCard } from '../../../shared/page/panel-card.tsx';

export interface InsightsPanelProps {
  insights: readonly Insight[];
  /** The signed-in user's id: only the owner of an insight edits or deletes it. */
  userId: number | undefined;
  onAdd: (message: string) => Promise<unknown>;
  onEdit: (id: number, message: string) => Promise<unknown>;
  onDelete: (id: number) => Promise<unknown>;
}

const messageRule = zodRule(insightInput.shape.message);

/**
 * Additional Insights (spec 3 §3 "Insight", §5, §6): notes on the incumbent, each with its
 * owner's name. The message is required ('Missing insightful message'); only the owner sees
 * Edit and Delete (the server refuses anyone else too); a delete asks first.
 */
export function InsightsPanel({ insights, userId, onAdd, onEdit, onDelete }: InsightsPanelProps) {
  const [editing, setEditing] = useState<Insight | 'new' | null>(null);
  const [confirm, confirmHolder] = useConfirmAction();

  async function remove(item: Insight) {
    const ok = await confirm({
      title: 'Delete this insight?',
      content: 'The insight is removed from the opportunity.',
      action: 'Delete Insight',
      danger: true,
    });
    if (!ok) return;
    try {
      await onDelete(item.id);
      notifySuccess('Insight Deleted');
    } catch (error) {
      notifyError(error, 'Delete Insight');
    }
  }

  return (
    <PanelCard
      title="Additional Insights"
      block="incumbent-panel"
      extra={
        <Button icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          Add Insight
        </Button>
      }
    >
      {confirmHolder}
      {insights.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No insights yet" />
      ) : (
        <List
          className="incumbent-insights"
          dataSource={[...insights]}
          rowKey="id"
          renderItem={(item) => {
            const mine = userId !== undefined && canChangeInsight(item, userId);
            return (
              <List.Item
                actions={
                  mine
                    ? [
                        <Button
                          key="edit"
                          size="small"
                          icon={<EditOutlined />}
                          aria-label="Edit insight"
                          onClick={() => setEditing(item)}
                        />,
                        <Button
                          key="delete"
                          size="small"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label="Delete insight"
                          onClick={() => void remove(item)}
                        />,
                      ]
                    : []
                }
              >
                <List.Item.Meta
                  title={<Typography.Text type="secondary">{item.ownedBy}</Typography.Text>}
                  description={
                    <Typography.Paragraph className="incumbent-insight-message">
                      {item.message}
                    </Typography.Paragraph>
                  }
                />
              </List.Item>
            );
          }}
        />
      )}
      <InsightModal
        editing={editing}
        onClose={() => setEditing(null)}
        onSubmit={async (message) => {
          if (editing === 'new') await onAdd(message);
          else if (editing) await onEdit(editing.id, message);
        }}
      />
    </PanelCard>
  );
}

function InsightModal({
  editing,
  onClose,
  onSubmit,
}: {
  editing: Insight | 'new' | null;
  onClose: () => void;
  onSubmit: (message: string) => Promise<void>;
}) {
  const [form] = Form.useForm<{ message: string }>();
  const [saving, setSaving] = useState(false);
  const adding = editing === 'new';

  useEffect(() => {
    if (editing) form.setFieldsValue({ message: editing === 'new' ? '' : editing.message });
    else form.resetFields();
  }, [editing, form]);

  async function submit({ message }: { message: string }) {
    setSaving(true);
    try {
      await onSubmit(insightInput.parse({ message }).message);
      notifySuccess(adding ? 'Insight Added' : 'Insight Updated');
      onClose();
    } catch (error) {
      notifyError(error, adding ? 'Add Insight' : 'Update Insight');
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open={editing !== null}
      title={adding ? 'Add Insight' : 'Edit Insight'}
      okText={adding ? 'Add Insight' : 'Save'}
      onOk={() => form.submit()}
      okButtonProps={{ loading: saving }}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)}>
        <Form.Item name="message" label="Insight" required rules={[messageRule]}>
          <Input.TextArea rows={4} maxLength={INSIGHT_MESSAGE_MAX_LENGTH} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
