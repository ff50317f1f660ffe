import { PERMISSIONS } from '../permissions.ts';
import {
  generatorAnswer,
  generatorRequest,
  transformation,
  transformationIdParams,
  transformationInput,
  transformationPage,
  transformationTestAnswer,
  transformationTestRequest,
  transformationUpdate,
  transformationsQuery,
} from '../transformations.ts';
import { defineContract } from './define-contract.ts';

/**
 * The transformations page serves /data-management/transformations (the transformation admin
 * permission) and its evaluate copy /evaluate/data-mapper/transformations (the evaluate data
 * mapper permission, spec 3 §2 and §6): either one opens every call (decision 0118).
 */
const access = {
  anyOf: [PERMISSIONS.transformationAdmin, PERMISSIONS.evaluateDataMapper],
} as const;
const tags = ['data-mapping'];

/*
 * The data mapping service's transformations (spec 3 §7 "Data mapping service", base
 * /datamapping/v1). Not organization-scoped: the library of transformations is the product's.
 */
export const transformationContracts = {
  listTransformations: defineContract({
    method: 'GET',
    service: 'dataMapping',
    path: '/transformations',
    query: transformationsQuery,
    answer: transformationPage,
    access,
    tags,
    summary: 'Transformations, alphabetical by name (default), searchable by name or description',
  }),
  getTransformation: defineContract({
    method: 'GET',
    service: 'dataMapping',
    path: '/transformations/:id',
    params: transformationIdParams,
    answer: transformation,
    access,
    tags,
    summary: 'One transformation with its definition, expression text and whether it is locked',
  }),
  createTransformation: defineContract({
    method: 'POST',
    service: 'dataMapping',
    path: '/transformations',
    body: transformationInput,
    answer: transformation,
    status: 201,
    access,
    tags,
    summary: 'Create a transformation: a JSONata expression or a typed wizard definition',
    description:
      "An expression that does not parse is a 400 naming definition.expression with JSONata's " +
      'message and position. A name already used: 409 naming name.',
  }),
  updateTransformation: defineContract({
    method: 'PUT',
    service: 'dataMapping',
    path: '/transformations',
    body: transformationUpdate,
    answer: transformation,
    access,
    tags,
    summary: 'Change a transformation (id in the body); 409 when a mapping template uses it',
  }),
  generateTransformation: defineContract({
    method: 'POST',
    service: 'dataMapping',
    path: '/transformations/generator',
    body: generatorRequest,
    answer: generatorAnswer,
    status: 201,
    access,
    tags,
    summary:
      "Create a wizard transformation from its positional answers; answers the input's value",
    description:
      'answers, per transformationType: padding (nullCheck, nullCheckWithOutput, direction, ' +
      'padWith, digits); substring (nullCheck, nullCheckWithOutput, start, end); conversion ' +
      '(nullCheck, nullCheckWithOutput, caseSensitive, N, then N pairs of from and to); default ' +
      "(mode always or blank, value). Yes/no answers are 'yes' or 'no'.",
  }),
  testTransformation: defineContract({
    method: 'POST',
    service: 'dataMapping',
    path: '/transformations/test',
    body: transformationTestRequest,
    answer: transformationTestAnswer,
    access,
    tags,
    summary: 'Evaluate a definition or expression on an input, as a mapping job would',
    description:
      'An expression that does not parse, runs past its time or recurses past its depth: 400 ' +
      'naming definition.expression.',
  }),
};
