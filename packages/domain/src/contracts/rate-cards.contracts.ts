import {
  rateCardList,
  rateCardListQuery,
  rateCardVersion,
  rateCardVersionInput,
  rateCardVersionParams,
} from '../rate-card-forms.ts';
import { EVALUATE_ACCESS } from './crm.contracts.ts';
import { defineContract } from './define-contract.ts';

const tags = ['evaluate'];
/*
 * The PBM rate cards (issue 19 "PBM offerings", decision 0130). Reading and editing take the
 * evaluate rule of decision 0114 (internal rxbAdmin users with eval-view-opp): the evaluate
 * users who price with the cards are the rxbAdmin users who maintain them.
 */
const access = EVALUATE_ACCESS;

export const rateCardContracts = {
  listRateCards: defineContract({
    method: 'GET',
    service: 'evaluate',
    path: '/rate-cards',
    query: rateCardListQuery,
    answer: rateCardList,
    access,
    tags,
    summary:
      "Each PBM's rate card in force on asOf (default today, UTC) with its terms, and the history of its versions",
  }),
  getRateCardVersion: defineContract({
    method: 'GET',
    service: 'evaluate',
    path: '/rate-cards/:versionNo',
    params: rateCardVersionParams,
    answer: rateCardVersion,
    access,
    tags,
    summary: 'One version of a PBM rate card with its terms',
  }),
  createRateCardVersion: defineContract({
    method: 'POST',
    service: 'evaluate',
    path: '/rate-cards',
    body: rateCardVersionInput,
    answer: rateCardVersion,
    status: 201,
    access,
    tags,
    summary:
      "A new version of a PBM's rate card from its effective date (not before the current card's); earlier versions stay as history",
  }),
} as const;
