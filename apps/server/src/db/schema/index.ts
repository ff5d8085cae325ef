export * from './admin.ts';
export * from './content.ts';
