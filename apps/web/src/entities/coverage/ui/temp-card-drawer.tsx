import { useState } from 'react';
import { Alert, Button, Checkbox, Descriptions, Form, Input, Radio, Spin, Typography } from 'antd';
import {
  TEMP_CARD_LINK_SENT,
  isValidTempCardEmail,
  tempCardEmailField,
  type Coverage,
} from '@pillar/domain';
import { AppDrawer } from '../../../shared/drawer/app-drawer.tsx';
import { zodRule } from '../../../shared/forms/zod-rule.ts';
import { describeError } from '../../../shared/notifications/notify.ts';
import { useClaims } from '../../../shared/permissions/user-access.ts';
import { useDownloadTempCard, useEmailTempCard } from '../api/email-temp-card.ts';
import { useTempCard } from '../api/get-temp-card.ts';
import './coverage.css';

export interface TempCardDrawerProps {
  organizationNo: number;
  employeeNo: number;
  coverage: Coverage | null;
  /** E-mailing a link needs the member edit permission; downloading does not. */
  canEmail: boolean;
  onClose: () => void;
}

function CardPreview({
  organizationNo,
  employeeNo,
  coverageNo,
}: {
  organizationNo: number;
  employeeNo: number;
  coverageNo: number;
}) {
  const card = useTempCard(organizationNo, employeeNo, coverageNo);
  if (card.isPending) return <Spin aria-label="Loading the card" />;
  if (card.isError)
    return (
      <Alert
        type="error"
        showIcon
        title="The card could not be loaded."
        description={describeError(card.error).description}
      />
    );
  const c = card.data;
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      items={[
        { key: 'name', label: 'Name', children: c.name },
        { key: 'id', label: 'ID Number', children: c.idNumber },
        { key: 'bin', label: 'RxBIN', children: c.rxBin },
        { key: 'pcn', label: 'RxPCN', children: c.rxPcn },
        { key: 'grp', label: 'RxGrp', children: c.rxGrp },
        { key: 'cs', label: 'Customer Service', children: c.customerServicePhone },
        { key: 'hd', label: 'Help Desk', children: c.helpDeskPhone },
      ]}
    />
  );
}

interface EmailValues {
  recipientEmail: string;
  bccMyself: boolean;
}

function TempCardForm({
  organizationNo,
  employeeNo,
  coverage,
  canEmail,
}: Omit<TempCardDrawerProps, 'onClose' | 'coverage'> & { coverage: Coverage }) {
  const claims = useClaims();
  const [mode, setMode] = useState<'download' | 'email'>('download');
  const [form] = Form.useForm<EmailValues>();
  const email = Form.useWatch('recipientEmail', form);
  const download = useDownloadTempCard();
  const send = useEmailTempCard();
  const target = { orgId: organizationNo, employeeId: employeeNo, coverageNo: coverage.coverageNo };

  const submitEmail = (values: EmailValues) => {
    send.mutate({
      ...target,
      recipientEmail: values.recipientEmail.trim(),
      bccEmail: values.bccMyself ? [claims.username] : [],
    });
  };

  return (
    <div className="id-card-drawer">
      <Typography.Paragraph>
        <strong>{coverage.groupIdAndName}</strong>
      </Typography.Paragraph>
      <CardPreview
        organizationNo={organizationNo}
        employeeNo={employeeNo}
        coverageNo={coverage.coverageNo}
      />
      <fieldset className="id-card-choice">
        <legend>How should the card be sent?</legend>
        <Radio.Group
          value={mode}
          onChange={(event) => {
            setMode(event.target.value as 'download' | 'email');
            send.reset();
          }}
          options={[
            { value: 'download', label: 'Download' },
            { value: 'email', label: 'Email', disabled: !canEmail },
          ]}
        />
      </fieldset>
      {!canEmail && (
        <Typography.Text type="secondary">
          E-mailing a card link needs the permission to edit members.
        </Typography.Text>
      )}
      {mode === 'download' ? (
        <Button type="primary" loading={download.isPending} onClick={() => download.mutate(target)}>
          Download
        </Button>
      ) : (
        <Form<EmailValues>
          form={form}
          layout="vertical"
          name="temp-card-email"
          aria-label="Email temp ID card"
          initialValues={{ recipientEmail: '', bccMyself: false }}
          onFinish={submitEmail}
          validateTrigger={['onBlur', 'onChange']}
        >
          <Form.Item
            name="recipientEmail"
            label="Email"
            rules={[zodRule(tempCardEmailField)]}
            validateFirst
          >
            <Input type="email" autoComplete="off" maxLength={120} />
          </Form.Item>
          <Form.Item name="bccMyself" valuePropName="checked">
            <Checkbox>BCC Myself?</Checkbox>
          </Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            loading={send.isPending}
            disabled={!isValidTempCardEmail(email?.trim())}
          >
            Email
          </Button>
          {send.isSuccess && (
            <Alert
              className="id-card-link-sent"
              type="success"
              showIcon
              role="status"
              title={TEMP_CARD_LINK_SENT}
              style={{ marginTop: 16 }}
            />
          )}
        </Form>
      )}
    </div>
  );
}

/** The temp ID card of a coverage: download it, or e-mail a 24-hour link (drawer 40%, spec 1 §9). */
export function TempCardDrawer(props: TempCardDrawerProps) {
  const { coverage, onClose } = props;
  return (
    <AppDrawer size="medium" title="Temp ID Card" open={coverage !== null} onClose={onClose}>
      {coverage && <TempCardForm {...props} coverage={coverage} />}
    </AppDrawer>
  );
}
