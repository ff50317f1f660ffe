import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_OPT_INS } from '@pillar/domain';
import { given } from '../../test/given.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Preferences are health data (issue 12): a phone, an e-mail or a confidentiality choice never
 * reaches a log line, neither from a saved update nor from a refused one, at the logger's most
 * talkative level.
 */

let t: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  t = await createTestApp({
    env: { LOG_LEVEL: 'trace' },
    logStream: { write: (line) => void logLines.push(line) },
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('members hub preferences in the log', () => {
  it('logs the calls but none of the values sent or answered', async () => {
    const { employee, dependent } = await given(t)
      .organization()
      .group()
      .employee()
      .dependent({ birthdate: '2012-03-04' })
      .build();
    const target = {
      organizationNo: employee.organizationNo,
      employeeNo: employee.employeeNo,
      dependentNo: dependent.dependentNo,
    };
    const update = (fields: Record<string, unknown>) =>
      t.injectAs('agent', {
        method: 'POST',
        url: '/members-hub/v1/member/UpdateCommsPref',
        payload: { eventName: 'UpdateCommsPref', ...target, commsPref: NO_OPT_INS, ...fields },
      });
    const saved = await update({
      phoneNumber: '555-867-5309',
      emailAddress: 'jenny.logcheck@example.com',
      commsPref: { ...NO_OPT_INS, callOpted: true, emailOpted: true },
      isConfidential: 1,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const refused = await update({
      phoneNumber: '555-867-530',
      emailAddress: 'refused.logcheck@',
      isConfidential: 0,
    });
    expect(refused.statusCode).toBe(400);
    const read = await t.injectAs('agent', {
      method: 'POST',
      url: '/members-hub/v1/member/GetCommunicationPref',
      payload: target,
    });
    expect(read.json()).toMatchObject({ phoneNumber: '5558675309' });

    const text = logLines.join('\n');
    expect(text).toContain('/members-hub/v1/member/UpdateCommsPref');
    for (const value of ['8675309', '867-5309', '867-530', 'logcheck', '"isConfidential"']) {
      expect(text).not.toContain(value);
    }
  });
});
