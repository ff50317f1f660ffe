import { PERMISSIONS as P } from '../permissions.ts';
import {
  legalUserResult,
  passwordResetResult,
  userIdParams,
  userProfile,
  userProfileInput,
} from '../users.ts';
import { defineContract } from './define-contract.ts';

/** Authorization service profile (spec 2 §8): the signed-in user's own details and password. */
export const profileContracts = {
  get: defineContract({
    method: 'GET',
    service: 'authorization',
    path: '/userprofile',
    answer: userProfile,
    access: 'authenticated',
    tags: ['users'],
    summary: "The signed-in user's profile",
  }),
  update: defineContract({
    method: 'PUT',
    service: 'authorization',
    path: '/userprofile',
    body: userProfileInput,
    answer: userProfile,
    access: 'authenticated',
    tags: ['users'],
    summary: "Update the signed-in user's name, phone and extension",
  }),
  passwordReset: defineContract({
    method: 'POST',
    service: 'authorization',
    path: '/userprofile/password-reset',
    answer: passwordResetResult,
    access: 'authenticated',
    tags: ['users'],
    summary: 'E-mail the signed-in user a link to reset their password',
  }),
  /** Another user's sign-in account (an administrator's call, under the profile's path). */
  legalUser: defineContract({
    method: 'POST',
    service: 'authorization',
    path: '/userprofile/:id/legalUser',
    params: userIdParams,
    answer: legalUserResult,
    access: { allOf: [P.editUsers] },
    tags: ['users'],
    summary: "Set up the user's sign-in account: e-mail them a link to choose a password",
  }),
};
