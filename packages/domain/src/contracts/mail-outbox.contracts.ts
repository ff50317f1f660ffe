import { PERMISSIONS as P } from '../permissions.ts';
import { outboxPage, outboxQuery } from '../users.ts';
import { defineContract } from './define-contract.ts';

/** Authorization service built-in mail outbox: the mailbox when no SMTP server is configured. */
export const mailOutboxContracts = {
  list: defineContract({
    method: 'GET',
    service: 'authorization',
    path: '/mail-outbox',
    query: outboxQuery,
    answer: outboxPage,
    access: { allOf: [P.editProtectedRoles], userTypes: ['i'], rxbAdmin: true },
    tags: ['mail'],
    summary: 'Read the built-in mail outbox (internal RxB administrators)',
  }),
};
