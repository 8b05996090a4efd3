// The whole database schema, gathered from the parts that own each table: for drizzle-kit
// (drizzle.config.ts), backups, tests and scripts. Server code imports its own part's tables.
export * from './backup/schema.js';
export * from './core/schema.js';
export * from './features/accounts/schema.js';
export * from './features/chat/schema.js';
export * from './features/donations/schema.js';
export * from './features/films/schema.js';
export * from './features/forum/schema.js';
export * from './features/mod-requests/schema.js';
export * from './features/news/schema.js';
export * from './features/notifications/schema.js';
export * from './features/profiles/schema.js';
export * from './features/site/schema.js';
export * from './features/uploads/schema.js';
