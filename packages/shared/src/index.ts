export * from './errors.ts';
export * from './contact.ts';
export * from './http.ts';
export * from './i18n.ts';
export * from './paths.ts';
export * from './mail.ts';
