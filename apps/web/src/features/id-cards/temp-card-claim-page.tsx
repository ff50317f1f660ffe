import { useState } from 'react';
import { useParams } from 'react-router';
import { Alert, Button, Card, Form, Input, Skeleton, Typography } from 'antd';
import { lastNameSchema, required, zipSchema } from '@pillar/domain';
import { PublicLayout } from '../../app/layout/public-layout.tsx';
import { isApiError } from '../../shared/api/api-error.ts';
import { zodRule } from '../../shared/forms/zod-rule.ts';
import { DateInput, isoDateRule } from '../../shared/inputs/date-input.tsx';
import { describeError } from '../../shared/notifications/notify.ts';
import { usePageTitle } from '../../shared/page/use-page-title.ts';
import { useTempCardLink, useVerifyTempCardLink } from '../../entities/coverage/index.ts';
import './id-cards.css';

interface Answers {
  lastName: string;
  dateOfBirth: string | null;
  zip: string;
}

const LAST_NAME_RULE = zodRule(required(lastNameSchema('Last Name'), 'Last Name'));
const ZIP_RULE = zodRule(required(zipSchema('Zip Code'), 'Zip Code'));

/** The server's own words for a refusal (wrong answers, locked, expired), else the catalogue's. */
function refusalOf(error: unknown): string {
  if (isApiError(error) && error.detail) return error.detail;
  return describeError(error).description;
}

function ClaimForm({ token, attemptsLeft }: { token: string; attemptsLeft: number }) {
  const [form] = Form.useForm<Answers>();
  const verify = useVerifyTempCardLink();
  const [closed, setClosed] = useState(false);

  const submit = (values: Answers) => {
    verify.mutate(
      {
        token,
        lastName: values.lastName.trim(),
        dateOfBirth: values.dateOfBirth ?? '',
        zip: values.zip.trim(),
      },
      {
        onError: (error) => {
          // Locked, expired or used: nothing more to try on this link.
          if (isApiError(error) && [404, 410, 423, 429].includes(error.status ?? 0))
            setClosed(true);
        },
      },
    );
  };

  if (verify.isSuccess)
    return (
      <Alert
        type="success"
        showIcon
        role="status"
        title="Your temp ID card has been downloaded."
        description="Open the PDF file from your downloads to print it or show it at the pharmacy. The link has now been used."
      />
    );

  return (
    <>
      <Typography.Paragraph>
        Enter the last name, date of birth and zip code of the primary cardholder (the covered
        employee) to download the temporary ID card.{' '}
        {attemptsLeft < 5 && `${attemptsLeft} ${attemptsLeft === 1 ? 'attempt' : 'attempts'} left.`}
      </Typography.Paragraph>
      {verify.isError && (
        <Alert
          className="id-card-claim-error"
          type="error"
          showIcon
          role="alert"
          title={refusalOf(verify.error)}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form<Answers>
        form={form}
        layout="vertical"
        name="temp-card-claim"
        aria-label="Primary cardholder"
        onFinish={submit}
        disabled={closed}
        validateTrigger={['onBlur', 'onChange']}
        initialValues={{ lastName: '', dateOfBirth: null, zip: '' }}
      >
        <Form.Item name="lastName" label="Last Name" rules={[LAST_NAME_RULE]} validateFirst>
          <Input autoComplete="off" maxLength={29} />
        </Form.Item>
        <Form.Item
          name="dateOfBirth"
          label="Date of Birth"
          rules={[
            { required: true, message: 'Date of Birth is required' },
            isoDateRule('Date of Birth'),
          ]}
          validateFirst
        >
          <DateInput />
        </Form.Item>
        <Form.Item name="zip" label="Zip Code" rules={[ZIP_RULE]} validateFirst>
          <Input autoComplete="off" inputMode="numeric" maxLength={10} placeholder="#####" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={verify.isPending}>
          Download Temp ID Card
        </Button>
      </Form>
    </>
  );
}

/**
 * The public page an e-mailed temp ID card link opens (spec 1 §4 "Temp ID card"): the recipient
 * answers the primary cardholder's last name, date of birth and zip code to download the card.
 * Nothing about the member is shown before the answers match.
 */
export default function TempCardClaimPage() {
  usePageTitle('Temp ID Card');
  const { token = '' } = useParams();
  const link = useTempCardLink(token);

  let body;
  if (link.isPending) body = <Skeleton active />;
  else if (link.isError)
    body = <Alert type="error" showIcon role="alert" title={refusalOf(link.error)} />;
  else if (link.data.state !== 'valid')
    body = (
      <Alert
        type="warning"
        showIcon
        role="alert"
        title={link.data.message ?? 'This link no longer works.'}
      />
    );
  else body = <ClaimForm token={token} attemptsLeft={link.data.attemptsLeft} />;

  return (
    <PublicLayout>
      <Card className="id-card-claim">
        <Typography.Title level={1}>Temporary ID Card</Typography.Title>
        {body}
      </Card>
    </PublicLayout>
  );
}
