import { timestamp } from 'drizzle-orm/pg-core';

// Timestamps are written by the application from its Clock (so tests can fake time); the database
// defaults only cover rows written by hand.
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
