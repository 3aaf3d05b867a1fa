import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
// Relative: drizzle-kit loads this file without the project's path aliases.
import { MAX_RESUME_BYTES } from '../../submissions/resume-type';
import { createdAt, EMAIL_LENGTH, id, inboxStates } from './columns';

/**
 * What visitors submit through the site's forms. Stored before any email is sent, so a
 * submission survives EmailJS failing; executives read them with `npm run submissions:export`.
 * They belong to no content: `db:seed -- --reset` keeps them (see SUBMISSION_TABLES).
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: id(),
    senderName: varchar('sender_name', { length: 100 }).notNull(),
    senderEmail: varchar('sender_email', { length: EMAIL_LENGTH }).notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
    ...inboxStates(),
  },
  (table) => [index('contact_messages_created_at_idx').on(table.createdAt)],
);

export const serviceRequests = pgTable(
  'service_requests',
  {
    id: id(),
    /** A person's or an organization's name. */
    name: varchar('name', { length: 150 }).notNull(),
    email: varchar('email', { length: EMAIL_LENGTH }).notNull(),
    needs: text('needs').notNull(),
    createdAt: createdAt(),
    ...inboxStates(),
  },
  (table) => [index('service_requests_created_at_idx').on(table.createdAt)],
);

export const jobApplications = pgTable(
  'job_applications',
  {
    id: id(),
    applicantName: varchar('applicant_name', { length: 100 }).notNull(),
    applicantEmail: varchar('applicant_email', { length: EMAIL_LENGTH }).notNull(),
    position: varchar('position', { length: 150 }).notNull(),
    /** The generated name of the file in the uploads folder (UPLOADS_DIR), e.g. `3f…9a.pdf`. */
    resumeStoredName: varchar('resume_stored_name', { length: 80 }).notNull().unique(),
    /** The name the file had on the applicant's computer, for the executives' reference only. */
    resumeOriginalName: varchar('resume_original_name', { length: 255 }).notNull(),
    /** Judged from the file's content (PDF, DOC or DOCX), not from what the browser said. */
    resumeContentType: varchar('resume_content_type', { length: 100 }).notNull(),
    resumeSize: integer('resume_size').notNull(),
    createdAt: createdAt(),
    ...inboxStates(),
  },
  (table) => [
    index('job_applications_created_at_idx').on(table.createdAt),
    check(
      'job_applications_resume_size_range',
      sql`${table.resumeSize} > 0 and ${table.resumeSize} <= ${sql.raw(String(MAX_RESUME_BYTES))}`,
    ),
  ],
);

export type ContactMessage = typeof contactMessages.$inferSelect;
export type ServiceRequest = typeof serviceRequests.$inferSelect;
export type JobApplication = typeof jobApplications.$inferSelect;
export type NewJobApplication = typeof jobApplications.$inferInsert;

/** Visitors' submissions: never cleared by seeding, so a reset loses no message or application. */
export const SUBMISSION_TABLES = [contactMessages, serviceRequests, jobApplications] as const;
