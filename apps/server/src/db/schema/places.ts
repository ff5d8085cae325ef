/**
 * The member's region (spec §2 Me, profile: personal-center; the system location pages /choose-location and
 * /open-location): one row per member who chose one. `latitude` / `longitude` in decimal degrees (WGS 84) as
 * double precision; `name` and `address` as the geocoder or the member gave them (plain text, escaped on output).
 * Removed with the member (the places module's `user.deleted` handler; the foreign key cascades too).
 */
import { sql } from 'drizzle-orm';
import { check, doublePrecision, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { macUser } from './accounts.ts';

export const userRegion = pgTable(
  'user_region',
  {
    user_id: integer('user_id')
      .primaryKey()
      .references(() => macUser.user_id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 200 }).notNull(),
    address: varchar('address', { length: 500 }).notNull().default(''),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('user_region_latitude', sql`${t.latitude} between -90 and 90`),
    check('user_region_longitude', sql`${t.longitude} between -180 and 180`),
  ],
);
