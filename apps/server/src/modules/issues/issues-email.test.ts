import crypto from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IssueDetail, IssueTypeList } from '@pillar/domain';
import { given } from '../../test/given.ts';
import { multipartBody } from '../../test/multipart.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/*
 * An e-mailed issue through SMTP: the mail worker reads the attachments from the file storage
 * (decrypted) and sends them along. A minimal SMTP server on a local port records what arrives.
 */

let smtp: net.Server;
const received: string[] = [];
let t: TestApp;

function startSmtp(): Promise<number> {
  smtp = net.createServer((socket) => {
    let data = false;
    let message = '';
    let buffer = '';
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('latin1');
      if (data) {
        const end = buffer.indexOf('\r\n.\r\n');
        if (end < 0) return;
        message += buffer.slice(0, end);
        buffer = buffer.slice(end + 5);
        data = false;
        received.push(message);
        message = '';
        socket.write('250 queued\r\n');
      }
      let line: number;
      while (!data && (line = buffer.indexOf('\r\n')) >= 0) {
        const command = buffer.slice(0, line).toUpperCase();
        buffer = buffer.slice(line + 2);
        if (command.startsWith('EHLO') || command.startsWith('HELO')) socket.write('250 test\r\n');
        else if (command.startsWith('DATA')) {
          data = true;
          socket.write('354 go ahead\r\n');
        } else if (command.startsWith('QUIT')) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise((resolve) => {
    smtp.listen(0, '127.0.0.1', () => resolve((smtp.address() as net.AddressInfo).port));
  });
}

beforeAll(async () => {
  const port = await startSmtp();
  t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` }, startJobs: true });
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => smtp?.close(resolve));
});

describe('an e-mailed issue', () => {
  it('reaches the contact through SMTP with its attachment, decrypted from storage', async () => {
    const built = await given(t).organization().group().employee().build();
    await t.ctx.db
      .insertInto('organization_contact')
      .values({
        organization_no: built.organization.organizationNo,
        kind: 'maintenance',
        name: 'Benefits Desk',
        phone: null,
        email: 'benefits@client.example',
        created_by: null,
        updated_by: null,
      })
      .execute();
    const types = (
      await t.injectAs('agent', { method: 'GET', url: '/issues/v1/issueTypes' })
    ).json<IssueTypeList>().data;
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), crypto.randomBytes(1500)]);
    const upload = multipartBody(
      [
        [
          'jsondata',
          JSON.stringify({
            organizationNo: built.organization.organizationNo,
            employeeNo: built.employee.employeeNo,
            name: 'Mail Caller',
            relationship: 3,
            communicationMethod: 'Email',
            memberIssueTypeNo: types[0]!.memberIssueTypeNo,
            memberIssueSubTypeNo: types[0]!.subTypes[0]!.memberIssueSubTypeNo,
            comment: 'Please forward to the benefits desk',
            furtherActionNeeded: 'Client Services',
          }),
        ],
      ],
      [{ name: 'Eligibility letter.pdf', content: pdf }],
    );
    const created = await t.injectAs('agent', {
      method: 'POST',
      url: '/issues/v1/records',
      ...upload,
    });
    expect(created.statusCode, created.body).toBe(201);
    const issue = created.json<IssueDetail>();
    const mailed = await t.injectAs('agent', {
      method: 'POST',
      url: `/issues/v1/records/${issue.issueNo}/email`,
      payload: { contact: 'maintenanceContact' },
    });
    expect(mailed.statusCode, mailed.body).toBe(200);

    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(1);
    const message = received[0]!;
    expect(message).toContain('benefits@client.example');
    expect(message).toContain(`Issue # ${issue.issueNo}`);
    expect(message).toContain('Eligibility letter.pdf');
    // The attachment's bytes, base64 in the message, are the plaintext uploaded.
    const base64 = pdf.toString('base64');
    const body = message.replace(/\r\n/g, '');
    expect(body).toContain(base64.slice(0, 600));
    // The worker marks the row sent after the SMTP server has the message: wait for it (a
    // clean-clone CI on PostgreSQL read it between the two, still 'queued').
    await expect
      .poll(
        () =>
          t.ctx.db
            .selectFrom('mail_outbox')
            .select(['status', 'transport'])
            .orderBy('mail_id', 'desc')
            .executeTakeFirstOrThrow(),
        { timeout: 15_000 },
      )
      .toEqual({ status: 'sent', transport: 'smtp' });
  });
});
