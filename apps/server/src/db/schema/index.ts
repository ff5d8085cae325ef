export * from './accounts.ts';
export * from './admin.ts';
export * from './content.ts';
