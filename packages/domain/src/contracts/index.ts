export * from './services.ts';
export * from './access-rule.ts';
export * from './define-contract.ts';
export * from './organizations.contracts.ts';
export * from './authorization.contracts.ts';
export * from './organization-workspace.contracts.ts';
export * from './coverages.contracts.ts';
